import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-database';
import { alertWorld, testAlertHooks } from '../test-support/alert-world';
import { ingestKeyHeader, startTestApp, testAdminPassword, type TestApp } from '../test-support/test-app';
import { markSilentServersOffline } from './alert-ingest';
import { defaultHealthSettings, type HealthSettings } from './device-health';

type World = Awaited<ReturnType<typeof alertWorld>>;

/** Runs the offline check once, as the app's background task does every 15 s. */
async function sweep(t: TestApp, health: HealthSettings = defaultHealthSettings): Promise<number> {
  const db = await openTestDatabase(t.dataDir);
  try {
    return await markSilentServersOffline({ db, clock: t.clock, health, alertHooks: testAlertHooks });
  } finally {
    await db.destroy();
  }
}

/** The device alerts, newest first, as the list answers them in `lang`. */
async function deviceAlerts(world: World, t: TestApp = world.t, token = world.token, lang?: 'en-US') {
  const { body } = await t.call('listAlerts', {
    token,
    query: { source: 'device' },
    ...(lang && { lang }),
  });
  return body.data.items as Record<string, unknown>[];
}

const types = (alerts: Record<string, unknown>[]) => alerts.map((alert) => alert.type);

/** A heartbeat reporting the world's first camera's stream. */
function heartbeat(world: World, stream: 'online' | 'offline' | null = null) {
  const cameras = stream === null ? [] : [{ id: world.cameras[0]?.id, status: stream }];
  return world.ingest('ingestHeartbeat', { body: { cpuLoad: 10, memoryLoad: 20, cameras } });
}

describe('device health alerts', () => {
  it('an AI server that stops its heartbeats raises one offline alert, and one back-online alert when they resume', async () => {
    const health = { ...defaultHealthSettings, offlineLevel: 'critical', backLevel: 'medium' } as const;
    const world = await alertWorld({ health });
    const { t } = world;
    await heartbeat(world);
    expect(await deviceAlerts(world)).toEqual([]);

    t.clock.advance(91_000);
    expect(await sweep(t, health)).toBe(1);
    t.clock.advance(60_000);
    expect(await sweep(t, health)).toBe(0);
    const [offline, ...others] = await deviceAlerts(world);
    expect(others).toEqual([]);
    expect(offline).toMatchObject({
      source: 'device',
      type: 'aiServerOffline',
      label: 'AI服务器离线',
      level: 'critical',
      aiServerId: world.serverId,
      aiServerName: '边缘盒子-1',
      cameraId: null,
      snapshotId: null,
      boxes: [],
      status: 'pending',
    });
    expect((await deviceAlerts(world, t, world.token, 'en-US'))[0]).toMatchObject({
      label: 'AI server offline',
    });

    await heartbeat(world);
    await heartbeat(world);
    const alerts = await deviceAlerts(world);
    expect(types(alerts)).toEqual(['aiServerOnline', 'aiServerOffline']);
    expect(alerts[0]).toMatchObject({ label: 'AI服务器恢复在线', level: 'medium' });
  });

  it('a camera whose stream is lost and back raises one alert of each', async () => {
    const world = await alertWorld();
    // The first report of a stream tells nothing changed: nothing was known before.
    await heartbeat(world, 'online');
    await heartbeat(world, 'offline');
    await heartbeat(world, 'offline');
    await heartbeat(world, 'online');
    await heartbeat(world, 'online');
    const alerts = await deviceAlerts(world);
    expect(types(alerts)).toEqual(['cameraStreamBack', 'cameraStreamLost']);
    expect(alerts[1]).toMatchObject({
      label: '摄像头视频流中断',
      level: 'high',
      cameraId: world.cameras[0]?.id,
      cameraName: '北门-1',
      area: '一号园区',
      aiServerName: '边缘盒子-1',
    });
    expect(alerts[0]).toMatchObject({ level: 'low' });
  });

  it('a restart raises no second alert for a state already alerted', async () => {
    const world = await alertWorld();
    await heartbeat(world, 'online');
    await heartbeat(world, 'offline');
    world.t.clock.advance(91_000);
    expect(await sweep(world.t)).toBe(1);
    expect(types(await deviceAlerts(world))).toEqual(['aiServerOffline', 'cameraStreamLost']);
    await world.t.app.close();

    const t = await startTestApp({ dataDir: world.t.dataDir });
    t.clock.advance(3_600_000);
    expect(await sweep(t)).toBe(0);
    const token = await t.signIn('admin', testAdminPassword);
    // The server is back, its camera still without a stream: only the server's return is news.
    await t.call('ingestHeartbeat', {
      headers: { [ingestKeyHeader]: world.key },
      body: { cpuLoad: 1, memoryLoad: 1, cameras: [{ id: world.cameras[0]?.id, status: 'offline' }] },
    });
    expect(types(await deviceAlerts(world, t, token))).toEqual([
      'aiServerOnline',
      'aiServerOffline',
      'cameraStreamLost',
    ]);
    // What was alerted before the restart is still known: the stream coming back is news.
    await t.call('ingestHeartbeat', {
      headers: { [ingestKeyHeader]: world.key },
      body: { cpuLoad: 1, memoryLoad: 1, cameras: [{ id: world.cameras[0]?.id, status: 'online' }] },
    });
    expect(types(await deviceAlerts(world, t, token))[0]).toBe('cameraStreamBack');
  });

  it('device alerts are handled, listed and exported as the others, apart from AI alerts', async () => {
    const world = await alertWorld();
    const ai = await world.raise();
    await heartbeat(world, 'online');
    await heartbeat(world, 'offline');
    const [lost] = await deviceAlerts(world);
    const handled = await world.ok('handleAlert', {
      params: { id: lost?.id as number },
      body: { decision: 'confirm', note: '已派人检修' },
    });
    expect(handled).toMatchObject({ status: 'confirmed', handlingNote: '已派人检修' });
    const aiOnly = await world.ok('listAlerts', { query: { source: 'ai' } });
    expect(aiOnly.items.map((alert: { id: number }) => alert.id)).toEqual([ai.id]);
    expect(ai).toMatchObject({ source: 'ai', type: 'detection' });
    const { text } = await world.t.call('exportAlerts', {
      token: world.token,
      query: { source: 'device' },
      lang: 'en-US',
    });
    expect(text).toContain('Camera stream lost');
    expect(text).not.toContain('未戴安全帽');
  });
});
