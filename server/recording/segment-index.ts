import type { Insertable } from 'kysely';
import type { Db } from '../db/open-database';
import type { Table } from '../db/schema';

/** A recorded segment as the index holds it. */
export interface SegmentRow {
  readonly id: number;
  readonly camera_id: number;
  readonly started_at: string;
  readonly ended_at: string;
  readonly bytes: number;
  readonly store_key: string;
  readonly run: string;
  readonly awaiting_alert: number;
  /** The video codec as ffprobe names it (`h264`, `hevc`); null when not known (recorded before it was kept). */
  readonly codec: string | null;
}

export type NewSegment = Insertable<Table<'recording_segments'>>;

export async function addSegment(db: Db, segment: NewSegment): Promise<void> {
  await db.insertInto('recording_segments').values(segment).execute();
}

/**
 * The camera's segments overlapping [from, to) (ISO times), in time order: playback and clips read
 * these. Segments still awaiting an alert are left out unless `awaiting` (an alert's own clip, which
 * the sweep has not kept yet).
 */
export function segmentsBetween(
  db: Db,
  cameraId: number,
  from: string,
  to: string,
  awaiting: 'without awaiting' | 'with awaiting' = 'without awaiting',
): Promise<SegmentRow[]> {
  return db
    .selectFrom('recording_segments')
    .selectAll()
    .where('camera_id', '=', cameraId)
    .where('started_at', '<', to)
    .where('ended_at', '>', from)
    .$if(awaiting === 'without awaiting', (query) => query.where('awaiting_alert', '=', 0))
    .orderBy('started_at')
    .orderBy('id')
    .execute();
}

/** Recorded bytes of each of `cameraIds` (absent: none). */
export async function bytesByCamera(db: Db, cameraIds: readonly number[]): Promise<Map<number, number>> {
  if (cameraIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('recording_segments')
    .select(['camera_id', (eb) => eb.fn.sum<number | string>('bytes').as('bytes')])
    .where('camera_id', 'in', cameraIds)
    .groupBy('camera_id')
    .execute();
  return new Map(rows.map((row) => [row.camera_id, Number(row.bytes)]));
}

/** Every recording's bytes together. */
export async function totalBytes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('recording_segments')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
    .executeTakeFirstOrThrow();
  return Number(row.bytes ?? 0);
}

/** Which of `ids` the index still holds. */
export async function indexedSegments(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('recording_segments').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
