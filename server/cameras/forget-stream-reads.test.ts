import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { defaultHealthSettings, streamAlertsOf } from '../alerts/device-health';
import type { Db } from '../db/open-database';
import { createStatusFeed } from '../cluster/status-feed';
import { alertWorld, testAlertHooks } from '../test-support/alert-world';
import { openTestDatabase, testOnPostgres } from '../test-support/test-database';
import { forgetStreamReads, recordStreamRead } from './camera-status';

/** A mark of the cameras' stored row versions: it moves when any camera row is written again. */
async function rowVersions(db: Db): Promise<string> {
  if (testOnPostgres) {
    const { rows } = await sql<{
      versions: string;
    }>`select string_agg(xmin::text, ',' order by id) as versions
      from cameras`.execute(db);
    return rows[0]?.versions ?? '';
  }
  const { rows } = await sql<{ changes: number }>`select total_changes() as changes`.execute(db);
  return String(rows[0]?.changes);
}

it('forgets the reads of an earlier run, writing only the cameras that hold one', async () => {
  const world = await alertWorld();
  const [read] = world.cameras.map((camera) => camera.id);
  const db = await openTestDatabase(world.t.dataDir);
  try {
    const ctx = {
      db,
      clock: world.t.clock,
      health: defaultHealthSettings,
      alertHooks: testAlertHooks,
      streamAlerts: streamAlertsOf(defaultHealthSettings, testAlertHooks),
      statusFeed: createStatusFeed(),
    };
    await recordStreamRead(ctx, read as number, 'probe', { ok: true, live: false });
    await forgetStreamReads(ctx);
    const reads = await db.selectFrom('cameras').select(['read_ok', 'read_by']).execute();
    expect(reads.every((camera) => camera.read_ok === null && camera.read_by === null)).toBe(true);
    const before = await rowVersions(db);
    await forgetStreamReads(ctx);
    expect(await rowVersions(db)).toBe(before);
  } finally {
    await db.destroy();
  }
});
