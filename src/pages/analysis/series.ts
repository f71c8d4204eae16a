import type { components } from '../../generated/openapi';
import type { LocalText } from '../../generated/settings';
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

/** A length of time, as the mean handling time shows: the two largest units that matter. */
export function durationText(seconds: number): LocalText {
  const s = Math.round(seconds);
  if (s < 60) return { zh: `${s} 秒`, en: `${s} s` };
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return { zh: `${minutes} 分 ${s % 60} 秒`, en: `${minutes} min ${s % 60} s` };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { zh: `${hours} 小时 ${minutes % 60} 分`, en: `${hours} h ${minutes % 60} min` };
  return {
    zh: `${Math.floor(hours / 24)} 天 ${hours % 24} 小时`,
    en: `${Math.floor(hours / 24)} d ${hours % 24} h`,
  };
}

/** A ratio as a percentage with one decimal; null (nothing to divide) as a dash. */
export function percentText(ratio: number | null): string {
  return ratio === null ? '—' : `${(ratio * 100).toFixed(1)}%`;
}
