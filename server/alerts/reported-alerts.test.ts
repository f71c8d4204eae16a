import { describe, expect, it, onTestFinished } from 'vitest';
import type { AppContext } from '../app-context';
import { notifySettings } from '../notify/notify-settings';
import { alertWorld } from '../test-support/alert-world';
import { openTestDatabase } from '../test-support/test-database';
import { defaultIngestLimits } from './ingest-limits';
import { storeAlert } from './reported-alerts';

describe('a reported alert', () => {
  it('is refused as an unknown key when its AI server was deleted after its call was authenticated', async () => {
    const world = await alertWorld();
    const report = world.report();
    const db = await openTestDatabase(world.t.dataDir);
    onTestFinished(() => db.destroy());
    const ctx = {
      db,
      clock: world.t.clock,
      ingest: defaultIngestLimits,
      notify: notifySettings(),
    } as unknown as AppContext;
    // The call authenticated the AI server; it is deleted (its cameras first) before its batch
    // writes the report.
    const caller = { id: world.serverId, name: 'AI-1' };
    for (const camera of world.cameras) {
      const gone = await world.t.call('deleteCamera', { token: world.token, params: { id: camera.id } });
      expect(gone.status).toBe(200);
    }
    const deleted = await world.t.call('deleteAiServer', {
      token: world.token,
      params: { id: world.serverId },
    });
    expect(deleted.status).toBe(200);
    await expect(storeAlert(ctx, caller, report as Parameters<typeof storeAlert>[2])).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(await db.selectFrom('alerts').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('ingest_quotas').select('kind').execute()).toEqual([]);
  });
});
