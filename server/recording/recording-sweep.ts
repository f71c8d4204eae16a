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

/** Why the sweep removed footage. */
export type RemovalReason = 'deletedCamera' | 'noAlert' | 'retention' | 'quota' | 'disk';

/** Footage of an alert (a segment an alert's clip window covers), or any other. */
export type FootageKind = 'continuous' | 'alert';

/** What one sweep removed for one reason, of one kind of footage. */
export interface Removal {
  readonly cameraId: number;
  readonly reason: RemovalReason;
  readonly kind: FootageKind;
  readonly segments: number;
  readonly bytes: number;
  readonly durationMs: number;
  readonly oldestAt: string;
  readonly newestAt: string;
}

/** What one sweep removed, by why, and whether the disk is still short of its free space. */
export interface SweepResult {
  /** Segments removed, by reason. */
  readonly removed: Readonly<Record<RemovalReason, number>>;
  /** The same by camera, reason and kind, with their bytes and times (as recorded in recording_removals). */
  readonly removals: readonly Removal[];
  /** Kept for an alert nearby (recorded around alerts only). */
  readonly keptForAlerts: number;
  /** The disk has less free than CFOP_RECORDING_MIN_FREE_GB with no recording left to remove. */
  readonly diskLow: boolean;
}

/** Segments read per round while walking the oldest. */
const batch = 200;
const day = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();

type Remove = (
  reason: RemovalReason,
  segments: readonly SegmentRow[],
  alertIds: ReadonlySet<number>,
) => Promise<void>;

/**
 * Keeps the recordings within their bounds, in order: the segments of deleted cameras go; segments
 * recorded around alerts only are kept once an alert of their camera falls within (start - post,
 * end + pre) and removed once none can arrive any more; segments past their kind's retention go
 * (footage of an alert, the segments its clip window covers, is kept CFOP_RECORDING_ALERT_RETENTION_DAYS);
 * then, while all recordings exceed the quota or the disk has less free than its floor, the oldest
 * go: every other footage before any of an alert's. Only finished segments are indexed, so the one a
 * recorder is writing is never among them. What went is summed per hour in recording_removals.
 */
export async function sweepRecordings(options: SweepOptions): Promise<SweepResult> {
  const { db, settings } = options;
  const now = options.clock.now().getTime();
  const tally = new Map<string, Removal>();
  const remove: Remove = async (reason, segments, alertIds) => {
    for (const segment of segments) {
      // The file first: a row left by a failure is found again, a file without its row would not be.
      await options.store.remove(segment.store_key);
      await db.deleteFrom('recording_segments').where('id', '=', segment.id).execute();
      const kind: FootageKind = alertIds.has(segment.id) ? 'alert' : 'continuous';
      const key = `${segment.camera_id} ${reason} ${kind}`;
      tally.set(key, counted(tally.get(key), reason, kind, segment));
    }
  };

  const orphans = await db
    .selectFrom('recording_segments')
    .selectAll()
    .where('camera_id', 'not in', db.selectFrom('cameras').select('id'))
    .execute();
  await remove('deletedCamera', orphans, new Set());

  const { kept, dropped } = await decideAroundAlerts(db, settings, now);
  await remove('noAlert', dropped, new Set());

  const cutoff = {
    continuous: now - settings.retentionDays * day,
    alert: now - settings.alertRetentionDays * day,
  };
  await walkOldest(db, settings, Math.max(cutoff.continuous, cutoff.alert), async (segments, alertIds) => {
    const past = segments.filter(
      (segment) => Date.parse(segment.ended_at) < cutoff[alertIds.has(segment.id) ? 'alert' : 'continuous'],
    );
    await remove('retention', past, alertIds);
    return 'more';
  });

  if (settings.quotaBytes !== null) {
    await removeOldest(db, settings, (await totalBytes(db)) - settings.quotaBytes, 'quota', remove);
  }
  let free = await options.store.freeBytes();
  if (free < settings.minFreeBytes) {
    await removeOldest(db, settings, settings.minFreeBytes - free, 'disk', remove);
    free = await options.store.freeBytes();
  }
  const diskLow = free < settings.minFreeBytes;

  const removals = [...tally.values()];
  await recordRemovals(db, now, removals);
  const removed = { deletedCamera: 0, noAlert: 0, retention: 0, quota: 0, disk: 0 };
  for (const removal of removals) removed[removal.reason] += removal.segments;
  if (removals.length > 0) options.log.info(`recordings removed: ${JSON.stringify(removed)}`);
  if (diskLow) {
    options.log.warn(`recording paused: ${free} bytes free, below CFOP_RECORDING_MIN_FREE_GB`);
  }
  return { removed, removals, keptForAlerts: kept, diskLow };
}

function counted(
  before: Removal | undefined,
  reason: RemovalReason,
  kind: FootageKind,
  segment: SegmentRow,
): Removal {
  const durationMs = Math.max(0, Date.parse(segment.ended_at) - Date.parse(segment.started_at));
  const startedAt = new Date(segment.started_at).toISOString();
  const endedAt = new Date(segment.ended_at).toISOString();
  if (!before) {
    return {
      cameraId: segment.camera_id,
      reason,
      kind,
      segments: 1,
      bytes: segment.bytes,
      durationMs,
      oldestAt: startedAt,
      newestAt: endedAt,
    };
  }
  return {
    ...before,
    segments: before.segments + 1,
    bytes: before.bytes + segment.bytes,
    durationMs: before.durationMs + durationMs,
    oldestAt: startedAt < before.oldestAt ? startedAt : before.oldestAt,
    newestAt: endedAt > before.newestAt ? endedAt : before.newestAt,
  };
}

/**
 * Removes the oldest segments until at least `bytes` are freed: first every footage but an alert's,
 * oldest first, then an alert's, oldest first.
 */
async function removeOldest(
  db: Db,
  settings: RecordingSettings,
  bytes: number,
  reason: RemovalReason,
  remove: Remove,
): Promise<void> {
  let left = bytes;
  for (const kind of ['continuous', 'alert'] as const) {
    await walkOldest(db, settings, Infinity, async (segments, alertIds) => {
      const chosen: SegmentRow[] = [];
      for (const segment of segments) {
        if (left <= 0) break;
        if (alertIds.has(segment.id) !== (kind === 'alert')) continue;
        chosen.push(segment);
        left -= segment.bytes;
      }
      await remove(reason, chosen, alertIds);
      return left > 0 ? 'more' : 'done';
    });
    if (left <= 0) return;
  }
}

/**
 * Hands the segments ended before `endedBefore`, oldest first, batch by batch, to `visit` with
 * those of them that are footage of an alert, until it answers 'done' or none is left.
 */
async function walkOldest(
  db: Db,
  settings: RecordingSettings,
  endedBefore: number,
  visit: (segments: readonly SegmentRow[], alertIds: ReadonlySet<number>) => Promise<'more' | 'done'>,
): Promise<void> {
  let after: SegmentRow | null = null;
  for (;;) {
    const last: SegmentRow | null = after;
    const segments = await db
      .selectFrom('recording_segments')
      .selectAll()
      .$if(Number.isFinite(endedBefore), (query) => query.where('ended_at', '<', iso(endedBefore)))
      .$if(last !== null, (query) =>
        query.where((eb) =>
          eb.or([
            eb('started_at', '>', (last as SegmentRow).started_at),
            eb.and([
              eb('started_at', '=', (last as SegmentRow).started_at),
              eb('id', '>', (last as SegmentRow).id),
            ]),
          ]),
        ),
      )
      .orderBy('started_at')
      .orderBy('id')
      .limit(batch)
      .execute();
    if (segments.length === 0) return;
    if ((await visit(segments, await alertFootage(db, settings, segments))) === 'done') return;
    after = segments.at(-1) as SegmentRow;
  }
}

/**
 * Which of `segments` are footage of an alert: an alert of their camera within (start - post,
 * end + pre), the window an alert's clip reads (alert-clip.ts).
 */
async function alertFootage(
  db: Db,
  settings: RecordingSettings,
  segments: readonly SegmentRow[],
): Promise<Set<number>> {
  const pre = settings.alertPreSeconds * 1000;
  const post = settings.alertPostSeconds * 1000;
  const byCamera = new Map<number, SegmentRow[]>();
  for (const segment of segments) {
    byCamera.set(segment.camera_id, [...(byCamera.get(segment.camera_id) ?? []), segment]);
  }
  const found = new Set<number>();
  for (const [cameraId, own] of byCamera) {
    const starts = own.map((segment) => Date.parse(segment.started_at));
    const ends = own.map((segment) => Date.parse(segment.ended_at));
    const alerts = await db
      .selectFrom('alerts')
      .select('occurred_at')
      .where('camera_id', '=', cameraId)
      .where('occurred_at', '>', iso(Math.min(...starts) - post))
      .where('occurred_at', '<', iso(Math.max(...ends) + pre))
      .execute();
    const times = alerts.map((alert) => Date.parse(alert.occurred_at));
    own.forEach((segment, index) => {
      const [start, end] = [starts[index] as number, ends[index] as number];
      if (times.some((at) => at > start - post && at < end + pre)) found.add(segment.id);
    });
  }
  return found;
}

/** How long the removal records are kept: the home page reads the last day's. */
const removalRecordDays = 30;

/** Adds the sweep's removals to their hour's rows, and forgets rows older than removalRecordDays. */
async function recordRemovals(db: Db, now: number, removals: readonly Removal[]): Promise<void> {
  const hour = iso(now - (now % 3_600_000));
  for (const removal of removals) {
    await db
      .insertInto('recording_removals')
      .values({
        hour,
        camera_id: removal.cameraId,
        reason: removal.reason,
        kind: removal.kind,
        segments: removal.segments,
        bytes: removal.bytes,
        duration_ms: removal.durationMs,
        oldest_at: removal.oldestAt,
        newest_at: removal.newestAt,
      })
      .onConflict((conflict) =>
        conflict.columns(['hour', 'camera_id', 'reason', 'kind']).doUpdateSet((eb) => {
          const [mine, theirs] = ['recording_removals', 'excluded'] as const;
          return {
            segments: eb(`${mine}.segments`, '+', eb.ref(`${theirs}.segments`)),
            bytes: eb(`${mine}.bytes`, '+', eb.ref(`${theirs}.bytes`)),
            duration_ms: eb(`${mine}.duration_ms`, '+', eb.ref(`${theirs}.duration_ms`)),
            oldest_at: eb
              .case()
              .when(`${theirs}.oldest_at`, '<', eb.ref(`${mine}.oldest_at`))
              .then(eb.ref(`${theirs}.oldest_at`))
              .else(eb.ref(`${mine}.oldest_at`))
              .end(),
            newest_at: eb
              .case()
              .when(`${theirs}.newest_at`, '>', eb.ref(`${mine}.newest_at`))
              .then(eb.ref(`${theirs}.newest_at`))
              .else(eb.ref(`${mine}.newest_at`))
              .end(),
          };
        }),
      )
      .execute();
  }
  await db
    .deleteFrom('recording_removals')
    .where('hour', '<', iso(now - removalRecordDays * day))
    .execute();
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
