import type { components } from '../../generated/openapi';
import { dateTimeFormat } from '../../i18n/date-time-format';

export type OperationsDashboard = components['schemas']['OperationsDashboard'];
export type DashboardBucket = components['schemas']['DashboardBucket'];
export type AlertLevel = components['schemas']['AlertLevel'];
export type AlertStatus = components['schemas']['AlertStatus'];

export const levels: readonly AlertLevel[] = ['low', 'medium', 'high', 'critical'];

/** A bucket's span inside the period: from its start (or the period's) to the next one's (or the period's end). */
export function bucketSpan(dashboard: OperationsDashboard, index: number): { from: string; to: string } {
  const { trend, period } = dashboard;
  const start = trend[index]?.start ?? period.from;
  const next = trend[index + 1]?.start ?? period.to;
  return {
    from: Date.parse(start) < Date.parse(period.from) ? period.from : start,
    to: Date.parse(next) > Date.parse(period.to) ? period.to : next,
  };
}

/** Reads the wall clock fields of instants in a zone (the period's, which the server bucketed by). */
function localClock(timeZone: string) {
  const format = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  return (instant: string) => {
    const parts = format.formatToParts(new Date(instant));
    const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
    return { month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute') };
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The axis labels of the trend: `HH:mm` for hours, with the date where a day begins (and on the first
 * bar) so a two-day period reads unambiguously; `M/D` for days.
 */
export function bucketLabels(dashboard: OperationsDashboard): string[] {
  const { trend, period } = dashboard;
  const clock = localClock(period.timeZone);
  return trend.map((bucket, index) => {
    const { month, day, hour, minute } = clock(bucket.start);
    if (period.bucket === 'day') return `${month}/${day}`;
    const time = `${twoDigits(hour)}:${twoDigits(minute)}`;
    return index === 0 || (hour === 0 && minute === 0) ? `${month}/${day} ${time}` : time;
  });
}

/** Each level's count per bucket, one series per level in the order of `levels`. */
export function levelSeries(trend: readonly DashboardBucket[]): Record<AlertLevel, number[]> {
  return {
    low: trend.map((bucket) => bucket.low),
    medium: trend.map((bucket) => bucket.medium),
    high: trend.map((bucket) => bucket.high),
    critical: trend.map((bucket) => bucket.critical),
  };
}

/** A ratio as a percentage with one decimal; null (nothing to divide) as a dash. */
export function percentText(ratio: number | null): string {
  return ratio === null ? '—' : `${(ratio * 100).toFixed(1)}%`;
}
