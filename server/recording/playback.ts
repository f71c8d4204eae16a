import type { Db } from '../db/open-database';
import { ApiError, badInput } from '../kernel/api-error';
import type { Lang, LocalText } from '../kernel/locale';
import { notFound } from '../resources/resource-service';
import type { RemovalReason } from './recording-sweep';
import { segmentsBetween, type SegmentRow } from './segment-index';

/** The longest period a call may ask for, and how its 400 names it. */
export interface Longest {
  readonly ms: number;
  readonly zh: string;
  readonly en: string;
}

/** A playback period: a day's timeline with room for a day-long clip across midnight. */
const playbackLongest: Longest = { ms: 48 * 3_600_000, zh: '48 小时', en: '48 hours' };
/** Segments closer than this are one span, and play on without a discontinuity. */
const joinMs = 1000;
const maxAlertMarkers = 1000;

export interface Period {
  readonly from: string;
  readonly to: string;
}

/** The period asked for, as ISO times; a 400 naming `query.to` when it is empty, reversed or too long. */
export function checkedPeriod(
  query: { readonly from: string; readonly to: string },
  longest: Longest = playbackLongest,
): Period {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  const span = to - from;
  if (span <= 0) {
    throw badInput([{ field: 'query.to', message: { zh: '必须晚于 from', en: 'must be later than from' } }]);
  }
  if (span > longest.ms) {
    throw badInput([
      {
        field: 'query.to',
        message: { zh: `时间范围不能超过 ${longest.zh}`, en: `must be at most ${longest.en} after from` },
      },
    ]);
  }
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

export async function cameraSegments(db: Db, cameraId: number, period: Period): Promise<SegmentRow[]> {
  const camera = await db.selectFrom('cameras').select('id').where('id', '=', cameraId).executeTakeFirst();
  if (!camera) throw notFound(cameraId);
  return segmentsBetween(db, cameraId, period.from, period.to);
}

/** Whether `next` plays on from `previous` (same recorder run, no gap). */
const continues = (previous: SegmentRow | undefined, next: SegmentRow) =>
  previous !== undefined &&
  previous.run === next.run &&
  Date.parse(next.started_at) - Date.parse(previous.ended_at) <= joinMs;

/** The recorded spans and the alerts of the camera in the period, for a playback timeline. */
export async function recordingTimeline(db: Db, cameraId: number, period: Period, lang: Lang) {
  const segments = await cameraSegments(db, cameraId, period);
  const spans: { start: string; end: string }[] = [];
  for (const segment of segments) {
    const last = spans.at(-1);
    if (last && Date.parse(segment.started_at) - Date.parse(last.end) <= joinMs) {
      last.end = segment.ended_at > last.end ? segment.ended_at : last.end;
    } else {
      spans.push({ start: segment.started_at, end: segment.ended_at });
    }
  }
  const clip = (time: string) => (time < period.from ? period.from : time > period.to ? period.to : time);
  const alerts = await db
    .selectFrom('alerts')
    .select(['id', 'occurred_at', 'level', lang === 'en' ? 'label_en as label' : 'label'])
    .where('camera_id', '=', cameraId)
    .where('occurred_at', '>=', period.from)
    .where('occurred_at', '<', period.to)
    .orderBy('occurred_at')
    .orderBy('id')
    .limit(maxAlertMarkers)
    .execute();
  return {
    spans: spans.map((span) => ({ start: clip(span.start), end: clip(span.end) })),
    codecs: codecsOf(segments),
    alerts: alerts.map((alert) => ({
      id: alert.id,
      occurredAt: alert.occurred_at,
      level: alert.level,
      label: alert.label,
    })),
  };
}

export const nothingRecorded = () =>
  new ApiError('404', { zh: '该时段没有录像', en: 'Nothing was recorded in that period' });

/** The codecs `segments` were recorded in, those of segments recorded before codecs were kept left out. */
export function codecsOf(segments: readonly Pick<SegmentRow, 'codec'>[]): string[] {
  return [...new Set(segments.flatMap((segment) => (segment.codec === null ? [] : [segment.codec])))];
}

/** How a playlist asks for its segments: as recorded, or as H.264 (transcoded where they are not). */
export type PlayedVideo = 'as recorded' | 'h264';

/**
 * An HLS VOD playlist of the camera's segments in the period. Code "404" when nothing was recorded.
 */
export async function recordingPlaylist(
  db: Db,
  cameraId: number,
  period: Period,
  video: PlayedVideo = 'as recorded',
): Promise<string> {
  const segments = await cameraSegments(db, cameraId, period);
  if (segments.length === 0) throw nothingRecorded();
  return vodPlaylist(segments, video);
}

/**
 * An HLS VOD playlist of `segments` (time order). Each segment's wall-clock start is given, so the
 * player's position maps to a time of day; a break in the recording (a gap, or a new recorder run
 * whose timestamps start afresh) is a discontinuity. Segment URIs are relative and carry no token:
 * the player sends the session headers.
 */
export function vodPlaylist(segments: readonly SegmentRow[], video: PlayedVideo = 'as recorded'): string {
  const seconds = (segment: SegmentRow) =>
    (Date.parse(segment.ended_at) - Date.parse(segment.started_at)) / 1000;
  const longest = Math.max(...segments.map(seconds));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(longest))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
  ];
  segments.forEach((segment, index) => {
    if (index > 0 && !continues(segments[index - 1], segment)) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${segment.started_at}`);
    lines.push(`#EXTINF:${seconds(segment).toFixed(3)},`);
    lines.push(`segments/${segment.id}.ts${video === 'h264' ? '?video=h264' : ''}`);
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** A segment to serve: where it is stored and its codec. */
export type ServedSegment = Pick<SegmentRow, 'id' | 'store_key' | 'codec'>;

/**
 * The camera's segment `name` (`<id>.ts`). Code "404" when it is not the camera's, or is gone: then
 * the message says it was removed, and why when the sweep's records tell (removedSegment).
 */
export async function recordedSegment(db: Db, cameraId: number, name: string): Promise<ServedSegment> {
  const id = Number.parseInt(name, 10);
  const row = await db
    .selectFrom('recording_segments')
    .select(['id', 'store_key', 'codec', 'camera_id', 'awaiting_alert'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row && row.camera_id === cameraId && row.awaiting_alert === 0) return row;
  if (row) throw segmentGone();
  throw await removedSegment(db, cameraId, id);
}

export const segmentGone = () =>
  new ApiError('404', { zh: '该录像分片已不存在', en: 'That recorded segment no longer exists' });

/** A segment whose row is there but whose file is not (removed by hand, a disk failure). */
export const segmentFileMissing = () =>
  new ApiError('404', {
    zh: '该段录像已被删除（录像文件已不存在）',
    en: 'This footage was removed (its file no longer exists)',
  });

const removalTexts: Record<RemovalReason, LocalText> = {
  deletedCamera: { zh: '摄像头已删除', en: 'its camera was deleted' },
  noAlert: { zh: '仅录告警前后，附近没有告警', en: 'recorded around alerts only, and no alert came' },
  retention: { zh: '超过保留天数', en: 'past its retention period' },
  quota: { zh: '录像总量超过配额', en: 'the recordings exceeded their quota' },
  disk: { zh: '磁盘剩余空间不足', en: 'the disk ran short of free space' },
};

/**
 * The 404 of the camera's segment `id` whose row is gone: the sweep removed it. Why comes from
 * recording_removals, which sum the camera's removals per hour: the segment lay between the
 * camera's segments before and after it (ids grow with time), and when the sweep's records of that
 * stretch name one reason, the message names it. Records from before they named a camera count for
 * every camera.
 */
export async function removedSegment(db: Db, cameraId: number, id: number): Promise<ApiError> {
  const neighbour = (side: '<' | '>') =>
    db
      .selectFrom('recording_segments')
      .select(['started_at', 'ended_at'])
      .where('camera_id', '=', cameraId)
      .where('id', side, id)
      .orderBy('id', side === '<' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  const after = (await neighbour('>'))?.started_at;
  const before = (await neighbour('<'))?.ended_at;
  const reasons = await db
    .selectFrom('recording_removals')
    .select('reason')
    .distinct()
    .where((eb) => eb.or([eb('camera_id', '=', cameraId), eb('camera_id', 'is', null)]))
    .$if(before !== undefined, (query) => query.where('newest_at', '>', before as string))
    .$if(after !== undefined, (query) => query.where('oldest_at', '<', after as string))
    .execute();
  const only = reasons.length === 1 ? (reasons[0]?.reason as RemovalReason) : null;
  const reason = only === null ? null : removalTexts[only];
  return new ApiError(
    '404',
    reason
      ? { zh: `该段录像已被删除（${reason.zh}）`, en: `This footage was removed (${reason.en})` }
      : { zh: '该段录像已被删除', en: 'This footage was removed' },
  );
}
