import { describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context';
import { openTestDatabase } from '../test-support/test-database';
import { alertWorld, testAlertHooksTelling } from '../test-support/alert-world';
import { createAlertFeed } from '../cluster/alert-feed';
import { raiseSystemAlert } from './system-alerts';

describe('raising a system alert', () => {
  it('stores it once per key and source, with the names of its camera and server', async () => {
    const { t, ok, cameras, serverId, raise } = await alertWorld();
    // An AI server's own id of an alert may be the same text: that is another alert.
    const detection = await raise({ sourceId: 'gate-7:1001' });
    const db = await openTestDatabase(t.dataDir);
    const feed = createAlertFeed();
    let told = 0;
    feed.subscribe(() => (told += 1));
    const ctx = { db, clock: t.clock, alertHooks: testAlertHooksTelling(feed) } as unknown as AppContext;
    const gateAlert = {
      source: 'access',
      type: 'blacklistedPlate',
      level: 'critical',
      title: { zh: '黑名单车辆', en: 'Blacklisted vehicle' },
      cameraId: cameras[0]?.id,
      aiServerId: serverId,
      occurredAt: t.clock.now().toISOString(),
      sourceId: 'gate-7:1001',
    } as const;
    let device = 0;
    try {
      const first = await raiseSystemAlert(ctx, gateAlert);
      expect(await raiseSystemAlert(ctx, { ...gateAlert, level: 'low' })).toBe(first);
      // The same key from another source is another alert.
      device = await raiseSystemAlert(ctx, { ...gateAlert, source: 'device' });
      expect(device).not.toBe(first);
      expect([first, device]).not.toContain(detection.id);
      expect(told).toBe(3);
    } finally {
      await db.destroy();
    }
    expect(await ok('getAlert', { params: { id: device } })).toMatchObject({ source: 'device' });
    const { items } = await ok('listAlerts', { query: { source: 'access' } });
    expect(items).toEqual([
      expect.objectContaining({
        source: 'access',
        type: 'blacklistedPlate',
        level: 'critical',
        label: '黑名单车辆',
        cameraName: '北门-1',
        area: '一号园区',
        aiServerName: '边缘盒子-1',
        confidence: 1,
        snapshotId: null,
        taskId: null,
      }),
    ]);
  });
});
