import { playbackLeadMs } from './live-link';

/** A recorded stretch or an alert on the day's timeline, as getRecordingTimeline answers them. */
export interface Span {
  readonly start: string;
  readonly end: string;
}
export interface AlertMark {
  readonly id: number;
  readonly occurredAt: string;
  readonly level: string;
  readonly label: string;
}

/** A day in the browser's time zone: its first instant and the next day's (23 or 25 hours apart on a DST change). */
export interface DayBounds {
  readonly from: number;
  readonly to: number;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The local day (`YYYY-MM-DD`) holding `time` (ms). */
export function dayOf(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** Whether `text` is a real `YYYY-MM-DD` day. */
export function isDay(text: string): boolean {
  const match = dayPattern.exec(text);
  if (!match) return false;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(date.getTime()) === text;
}

/** The local day's bounds: midnight to the next midnight, as the browser's time zone has them. */
export function dayBounds(day: string): DayBounds {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return {
    from: new Date(year, month - 1, date).getTime(),
    to: new Date(year, month - 1, date + 1).getTime(),
  };
}

/** The day before or after `day`. */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(year, month - 1, date + days).getTime());
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The x (px from the timeline's left) of `time` on a timeline `width` px wide. */
export function xOf(time: number, day: DayBounds, width: number): number {
  return (clamp(time, day.from, day.to) - day.from) * (width / (day.to - day.from));
}

/** The time at `x` px of a timeline `width` px wide, kept within the day. */
export function timeAtX(x: number, day: DayBounds, width: number): number {
  if (width <= 0) return day.from;
  return Math.round(day.from + clamp(x / width, 0, 1) * (day.to - day.from));
}

/** How much of the day the track shows, longest first. */
export const zoomLengths = [24 * 3_600_000, 4 * 3_600_000, 3_600_000, 10 * 60_000] as const;
export type ZoomLength = (typeof zoomLengths)[number];

/** The stretch of the day the track shows: `length` ms around `center`, kept within the day. */
export function viewOf(day: DayBounds, center: number, length: number): DayBounds {
  const span = Math.min(length, day.to - day.from);
  const from = clamp(center - span / 2, day.from, day.to - span);
  return { from, to: from + span };
}

/** Minutes between labelled ticks, the first that leaves at most `maxTicks` in view. */
const tickMinutes = [1, 5, 10, 30, 60, 180];

/**
 * The labelled ticks of the view: whole local hours or minutes (as the browser's clock shows them,
 * a clock change included), spaced so that at most `maxTicks` show.
 */
export function ticksOf(view: DayBounds, maxTicks = 12): number[] {
  const length = view.to - view.from;
  const step = tickMinutes.find((minutes) => length / (minutes * 60_000) < maxTicks) ?? 180;
  const midnight = new Date(view.from);
  const ticks: number[] = [];
  for (let k = 0; ; k += 1) {
    const time = new Date(
      midnight.getFullYear(),
      midnight.getMonth(),
      midnight.getDate(),
      0,
      k * step,
    ).getTime();
    if (time > view.to) break;
    if (time >= view.from) ticks.push(time);
  }
  return ticks;
}

/** Each recorded span as a bar (left and width in px), at least 2 px wide so a short one shows. */
export function spanBars(spans: readonly Span[], day: DayBounds, width: number) {
  return spans.map((span) => {
    const left = xOf(Date.parse(span.start), day, width);
    const right = xOf(Date.parse(span.end), day, width);
    return { left, width: Math.max(2, right - left) };
  });
}

/** The alerts within the view, each with its x. */
export function alertMarks(alerts: readonly AlertMark[], view: DayBounds, width: number) {
  return alerts
    .filter((alert) => {
      const time = Date.parse(alert.occurredAt);
      return time >= view.from && time < view.to;
    })
    .map((alert) => ({ alert, x: xOf(Date.parse(alert.occurredAt), view, width) }));
}

/**
 * Where playing from `time` starts: `time` itself inside a recorded span, else the start of the next
 * span (a gap plays nothing), or null when nothing is recorded after it.
 */
export function playableFrom(spans: readonly Span[], time: number): number | null {
  for (const span of spans) {
    const start = Date.parse(span.start);
    const end = Date.parse(span.end);
    if (time < start) return start;
    if (time < end) return time;
  }
  return null;
}

/**
 * The alert after (or before) the one playing at `time`. Playing starts `playbackLeadMs` before an
 * alert, so an alert counts as the current one until that long after it: next goes past it, not to it.
 */
export function neighbourAlert(
  alerts: readonly AlertMark[],
  time: number,
  direction: 'next' | 'previous',
): AlertMark | null {
  const times = alerts.map((alert) => Date.parse(alert.occurredAt));
  if (direction === 'next') {
    const index = times.findIndex((at) => at > time + playbackLeadMs);
    return index === -1 ? null : (alerts[index] ?? null);
  }
  for (let index = times.length - 1; index >= 0; index -= 1) {
    if ((times[index] as number) < time - playbackLeadMs) return alerts[index] ?? null;
  }
  return null;
}

/** A fragment of the VOD playlist as hls.js parses it: its position in the media and its wall-clock start. */
export interface PlayedFragment {
  /** Seconds from the media's start. */
  readonly start: number;
  readonly duration: number;
  /** `EXT-X-PROGRAM-DATE-TIME`, ms since the epoch; null when the playlist gave none. */
  readonly programDateTime: number | null;
}

/** The time of day (ms) the player's position shows, from the fragment holding it; null when none does. */
export function timeAtPosition(fragments: readonly PlayedFragment[], position: number): number | null {
  const fragment =
    fragments.find((candidate) => position < candidate.start + candidate.duration) ?? fragments.at(-1);
  if (!fragment || fragment.programDateTime === null) return null;
  const into = clamp(position - fragment.start, 0, fragment.duration);
  return fragment.programDateTime + into * 1000;
}

/**
 * The player's position showing `time`: within the fragment recorded then, else the start of the
 * first fragment after it (a gap); null when `time` is after the whole recording.
 */
export function positionAtTime(fragments: readonly PlayedFragment[], time: number): number | null {
  for (const fragment of fragments) {
    if (fragment.programDateTime === null) continue;
    const end = fragment.programDateTime + fragment.duration * 1000;
    if (time < fragment.programDateTime) return fragment.start;
    if (time < end) return fragment.start + (time - fragment.programDateTime) / 1000;
  }
  return null;
}

/** What the playback screen shows, as its URL keeps it: `?camera=12&at=2026-11-26T14:03:00.000Z`. */
export interface PlaybackPlace {
  readonly cameraId: number | null;
  /** The instant to play from (ms), or null: the chosen day's recording from its start. */
  readonly at: number | null;
  /** The day shown: the local day of `at`, or `day=` given alone, or today. */
  readonly day: string;
}

export function readPlace(search: string, now: number): PlaybackPlace {
  const query = new URLSearchParams(search);
  const camera = query.get('camera') ?? '';
  const cameraId = /^[1-9][0-9]{0,9}$/.test(camera) ? Number(camera) : null;
  const parsed = Date.parse(query.get('at') ?? '');
  const at = Number.isNaN(parsed) ? null : parsed;
  const day = query.get('day') ?? '';
  return { cameraId, at, day: at !== null ? dayOf(at) : isDay(day) ? day : dayOf(now) };
}

/** The query of `place`: `at` when a moment is chosen, else its day. */
export function placeSearch(place: PlaybackPlace): string {
  const query = new URLSearchParams();
  if (place.cameraId !== null) query.set('camera', String(place.cameraId));
  if (place.at !== null) query.set('at', new Date(place.at).toISOString());
  else query.set('day', place.day);
  return query.toString();
}
