import type { Db } from '../db/open-database';
import type { Recordings } from './recordings';

/** The storage block tells what the sweep removed this long back. */
const removalsShownMs = 86_400_000;

/** The recordings' storage as the home page shows it: what they take, what bounds them, what went. */
export async function recordingUsage(db: Db, recordings: Pick<Recordings, 'store' | 'settings'>, now: Date) {
  const { settings } = recordings;
  const [stored, freeBytes, removals] = await Promise.all([
    db
      .selectFrom('recording_segments')
      .select((eb) => [
        eb.fn.sum<number | string | null>('bytes').as('bytes'),
        eb.fn.countAll<number | string>().as('segments'),
        eb.fn.min<string | null>('started_at').as('oldestAt'),
      ])
      .executeTakeFirstOrThrow(),
    // A storage that cannot tell its disk's room (a remote store) answers no figure, not a failure.
    recordings.store.freeBytes().then(
      (bytes) => bytes,
      () => null,
    ),
    recentRemovals(db, now),
  ]);
  return {
    bytes: Number(stored.bytes ?? 0),
    segments: Number(stored.segments),
    oldestAt: stored.oldestAt === null ? null : new Date(stored.oldestAt).toISOString(),
    quotaBytes: settings.quotaBytes,
    retentionDays: settings.retentionDays,
    alertRetentionDays: settings.alertRetentionDays,
    freeBytes,
    minFreeBytes: settings.minFreeBytes,
    paused: freeBytes !== null && freeBytes < settings.minFreeBytes,
    removals,
  };
}

/** The sweep's removals of the hours within the last day (recording_removals), by reason and kind. */
async function recentRemovals(db: Db, now: Date) {
  const rows = await db
    .selectFrom('recording_removals')
    .select((eb) => [
      'reason',
      'kind',
      eb.fn.sum<number | string>('segments').as('segments'),
      eb.fn.sum<number | string>('bytes').as('bytes'),
      eb.fn.sum<number | string>('duration_ms').as('durationMs'),
      eb.fn.min<string>('oldest_at').as('oldestAt'),
      eb.fn.max<string>('newest_at').as('newestAt'),
    ])
    .where('hour', '>=', new Date(now.getTime() - removalsShownMs).toISOString())
    .groupBy(['reason', 'kind'])
    .orderBy('reason')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({
    reason: row.reason,
    kind: row.kind,
    segments: Number(row.segments),
    bytes: Number(row.bytes),
    seconds: Math.round(Number(row.durationMs) / 1000),
    oldestAt: new Date(row.oldestAt).toISOString(),
    newestAt: new Date(row.newestAt).toISOString(),
  }));
}
