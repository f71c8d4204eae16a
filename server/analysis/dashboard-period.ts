import type { operations } from '../../src/generated/openapi';
import { badInput, type FieldProblem } from '../kernel/api-error';
import { DAY_MS, HOUR_MS, isTimeZone, startOfLocalDay, startOfLocalHour } from '../kernel/zoned-time';

/** The query of getOperationsDashboard, as the contract's schemas let it through. */
type DashboardQuery = operations['getOperationsDashboard']['parameters']['query'];
type DashboardPreset = NonNullable<DashboardQuery['preset']>;

/** One bucket of the trend: its local start, and the part of the period it counts (from ≤ t < to). */
export interface Bucket {
  readonly start: number;
  readonly from: number;
  readonly to: number;
}

export interface DashboardPeriod {
  readonly from: number;
  readonly to: number;
  readonly timeZone: string;
  readonly preset: DashboardPreset | null;
  readonly bucket: 'hour' | 'day';
  readonly buckets: readonly Bucket[];
}

/** A custom range may span a year, leap day included; a trend of day buckets stays ≤ 367 bars. */
export const maxRangeDays = 366;

/** 366 local days last an hour longer when daylight saving time gives one back in between. */
const maxRangeMs = maxRangeDays * DAY_MS + HOUR_MS;

/** Up to two days the trend is by hour (at most 49 bars, a day of 25 hours included), beyond by day. */
const hourlyUpToMs = 2 * DAY_MS;

/** The period a preset names at `now`: each runs up to now, the day-based ones from a local midnight. */
function presetRange(preset: DashboardPreset, now: number, timeZone: string): [number, number] {
  switch (preset) {
    case 'today':
      return [startOfLocalDay(now, timeZone), now];
    case 'last24h':
      return [now - DAY_MS, now];
    case 'last7d':
      return [startOfLocalDay(now, timeZone, -6), now];
    case 'last30d':
      return [startOfLocalDay(now, timeZone, -29), now];
  }
}

const problem = (field: string, zh: string, en: string): FieldProblem => ({ field, message: { zh, en } });

/** What the schema cannot say about the query: the zone exists, a range is whole, ordered and short. */
function queryProblems(query: DashboardQuery): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!isTimeZone(query.timeZone))
    problems.push(problem('query.timeZone', '未知的时区', 'is not a known IANA time zone'));
  const { from, to } = query;
  if ((from === undefined) !== (to === undefined)) {
    const missing = from === undefined ? 'from' : 'to';
    const given = from === undefined ? 'to' : 'from';
    problems.push(problem(`query.${missing}`, `给出 ${given} 时必填`, `is required with ${given}`));
  }
  if (query.preset !== undefined && (from !== undefined || to !== undefined))
    problems.push(
      problem('query.preset', '不能与 from / to 同时给出', 'cannot be given together with from / to'),
    );
  if (from !== undefined && to !== undefined) {
    const span = Date.parse(to) - Date.parse(from);
    if (span <= 0) problems.push(problem('query.to', '必须晚于 from', 'must be later than from'));
    else if (span > maxRangeMs)
      problems.push(
        problem(
          'query.to',
          `时间范围不能超过 ${maxRangeDays} 天`,
          `must be at most ${maxRangeDays} days after from`,
        ),
      );
  }
  return problems;
}

/** The local hours or days the period covers, each clipped to it. */
function bucketsOf(from: number, to: number, bucket: 'hour' | 'day', timeZone: string): Bucket[] {
  const buckets: Bucket[] = [];
  // Hours follow real time (a set-back hour shows twice, a skipped one not at all); days follow the
  // calendar, 23 or 25 hours long across a change of daylight saving time.
  let start = bucket === 'hour' ? startOfLocalHour(from, timeZone) : startOfLocalDay(from, timeZone);
  while (start < to) {
    const next = bucket === 'hour' ? start + HOUR_MS : startOfLocalDay(start, timeZone, 1);
    buckets.push({ start, from: Math.max(start, from), to: Math.min(next, to) });
    start = next;
  }
  return buckets;
}

/** The period a query asks for at `now`, or a 400 naming every field at fault. */
export function resolvePeriod(query: DashboardQuery, now: Date): DashboardPeriod {
  const problems = queryProblems(query);
  if (problems.length > 0) throw badInput(problems);
  const { timeZone } = query;
  const preset = query.from === undefined ? (query.preset ?? 'last24h') : null;
  const [from, to] =
    preset === null
      ? [Date.parse(query.from as string), Date.parse(query.to as string)]
      : presetRange(preset, now.getTime(), timeZone);
  const bucket = to - from <= hourlyUpToMs ? 'hour' : 'day';
  return { from, to, timeZone, preset, bucket, buckets: bucketsOf(from, to, bucket, timeZone) };
}
