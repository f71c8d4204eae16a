import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../kernel/clock';
import type { Db } from '../db/open-database';
import type { RecordingStore } from './recording-store';
import { alertArrivalMs, type RecordingSettings } from './recording-settings';
import { totalBytes, type SegmentRow } from './segment-index';

export interface SweepOptions {
  readonly db: Db;
  readonly store: RecordingStore;
  readonly clock: Clock;
  readonly settings: RecordingSettings;
  readonly log: FastifyBaseLogger;
}

/** What one sweep removed, by why, and whether the disk is still short of its free space. */
export interface SweepResult {
  readonly removed: {
    readonly deletedCamera: number;
    readonly noAlert: number;
    readonly retention: number;
    readonly quota: number;
    readonly disk: number;
  };
  /** Kept for an alert nearby (recorded around alerts only). */
  readonly keptForAlerts: number;
  /** The disk has less free than CFOP_RECORDING_MIN_FREE_GB with no recording left to remove. */
  readonly diskLow: boolean;
}

/** Segments read per round while removing the oldest. */
const batch = 200;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Keeps the recordings within their bounds, in order: the segments of deleted cameras go; segments
 * recorded around alerts only are kept once an alert of their camera falls within (start - post,
 * end + pre) and removed once none can arrive any more; segments past the retention go; then the
 * oldest go while all recordings exceed the quota, or the disk has less free than its floor. Only
 * finished segments are indexed, so the one a recorder is writing is never among them.
 */
export async function sweepRecordings(options: SweepOptions): Promise<SweepResult> {
  const { db, settings } = options;
  const now = options.clock.now().getTime();
  const remove = async (segments: readonly SegmentRow[]) => {
    for (const segment of segments) {
      // The file first: a row left by a failure is found again, a file without its row would not be.
      await options.store.remove(segment.store_key);
      await db.deleteFrom('recording_segments').where('id', '=', segment.id).execute();
    }
    return segments.length;
  };

  const deletedCamera = await remove(
    await db
      .selectFrom('recording_segments')
      .selectAll()
      .where('camera_id', 'not in', db.selectFrom('cameras').select('id'))
      .execute(),
  );

  const { kept, dropped } = await decideAroundAlerts(db, settings, now);
  const noAlert = await remove(dropped);

  const retention = await remove(
    await db
      .selectFrom('recording_segments')
      .selectAll()
      .where('ended_at', '<', iso(now - settings.retentionDays * 86_400_000))
      .execute(),
  );

  const quota =
    settings.quotaBytes === null
      ? 0
      : await removeOldest(db, (await totalBytes(db)) - settings.quotaBytes, remove);

  let free = await options.store.freeBytes();
  const disk = await removeOldest(db, settings.minFreeBytes - free, remove);
  if (disk > 0) free = await options.store.freeBytes();
  const diskLow = free < settings.minFreeBytes;

  const removed = { deletedCamera, noAlert, retention, quota, disk };
  const total = Object.values(removed).reduce((sum, count) => sum + count, 0);
  if (total > 0) options.log.info(`recordings removed: ${JSON.stringify(removed)}`);
  if (diskLow) {
    options.log.warn(`recording paused: ${free} bytes free, below CFOP_RECORDING_MIN_FREE_GB`);
  }
  return { removed, keptForAlerts: kept, diskLow };
}

/** Removes the oldest segments until at least `bytes` are freed; answers how many went. */
async function removeOldest(
  db: Db,
  bytes: number,
  remove: (segments: readonly SegmentRow[]) => Promise<number>,
): Promise<number> {
  let left = bytes;
  let count = 0;
  while (left > 0) {
    const oldest = await db
      .selectFrom('recording_segments')
      .selectAll()
      .orderBy('started_at')
      .orderBy('id')
      .limit(batch)
      .execute();
    if (oldest.length === 0) break;
    const chosen: SegmentRow[] = [];
    for (const segment of oldest) {
      if (left <= 0) break;
      chosen.push(segment);
      left -= segment.bytes;
    }
    count += await remove(chosen);
  }
  return count;
}

/**
 * The segments recorded around alerts only: those with an alert of their camera near them are kept
 * (at once, so a clip can be made while the alert is new); those whose last chance has passed
 * (no alert within the pre window after them, allowing for the alert's way to the server) go.
 */
async function decideAroundAlerts(
  db: Db,
  settings: RecordingSettings,
  now: number,
): Promise<{ kept: number; dropped: SegmentRow[] }> {
  const pre = settings.alertPreSeconds * 1000;
  const post = settings.alertPostSeconds * 1000;
  const awaiting = await db
    .selectFrom('recording_segments')
    .selectAll()
    .where('awaiting_alert', '=', 1)
    .orderBy('started_at')
    .execute();
  const keep: number[] = [];
  const dropped: SegmentRow[] = [];
  for (const segment of awaiting) {
    const start = Date.parse(segment.started_at);
    const end = Date.parse(segment.ended_at);
    const alert = await db
      .selectFrom('alerts')
      .select('id')
      .where('camera_id', '=', segment.camera_id)
      .where('occurred_at', '>', iso(start - post))
      .where('occurred_at', '<', iso(end + pre))
      .limit(1)
      .executeTakeFirst();
    if (alert) keep.push(segment.id);
    else if (end + pre + alertArrivalMs <= now) dropped.push(segment);
  }
  if (keep.length > 0) {
    await db.updateTable('recording_segments').set({ awaiting_alert: 0 }).where('id', 'in', keep).execute();
  }
  return { kept: keep.length, dropped };
}
