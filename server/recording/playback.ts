import type { Db } from '../db/open-database';
import { ApiError, badInput } from '../kernel/api-error';
import type { Lang } from '../kernel/locale';
import { notFound } from '../resources/resource-service';
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

/**
 * An HLS VOD playlist of the camera's segments in the period. Code "404" when nothing was recorded.
 */
export async function recordingPlaylist(db: Db, cameraId: number, period: Period): Promise<string> {
  const segments = await cameraSegments(db, cameraId, period);
  if (segments.length === 0) throw nothingRecorded();
  return vodPlaylist(segments);
}

/**
 * An HLS VOD playlist of `segments` (time order). Each segment's wall-clock start is given, so the
 * player's position maps to a time of day; a break in the recording (a gap, or a new recorder run
 * whose timestamps start afresh) is a discontinuity. Segment URIs are relative and carry no token:
 * the player sends the session headers.
 */
export function vodPlaylist(segments: readonly SegmentRow[]): string {
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
    lines.push(`segments/${segment.id}.ts`);
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** The store key of the camera's segment `name` (`<id>.ts`); a 404 when it is not the camera's or is gone. */
export async function recordedSegmentKey(db: Db, cameraId: number, name: string): Promise<string> {
  const row = await db
    .selectFrom('recording_segments')
    .select('store_key')
    .where('id', '=', Number.parseInt(name, 10))
    .where('camera_id', '=', cameraId)
    .where('awaiting_alert', '=', 0)
    .executeTakeFirst();
  if (!row) throw segmentGone();
  return row.store_key;
}

export const segmentGone = () =>
  new ApiError('404', { zh: '该录像分片已不存在', en: 'That recorded segment no longer exists' });
