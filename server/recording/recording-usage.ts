import type { Db } from '../db/open-database';
import type { Recordings } from './recordings';

/** The recordings' storage as the home page shows it: what they take, and what bounds them. */
export async function recordingUsage(db: Db, recordings: Pick<Recordings, 'store' | 'settings'>) {
  const { settings } = recordings;
  const [stored, freeBytes] = await Promise.all([
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
  ]);
  return {
    bytes: Number(stored.bytes ?? 0),
    segments: Number(stored.segments),
    oldestAt: stored.oldestAt === null ? null : new Date(stored.oldestAt).toISOString(),
    quotaBytes: settings.quotaBytes,
    retentionDays: settings.retentionDays,
    freeBytes,
    minFreeBytes: settings.minFreeBytes,
    paused: freeBytes !== null && freeBytes < settings.minFreeBytes,
  };
}
