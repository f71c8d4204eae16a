import dayjs from 'dayjs';
import type { operations } from '../../generated/openapi';

/** The dashboard operation's query, as the contract types it. */
export type DashboardQuery = operations['getOperationsDashboard']['parameters']['query'];
export type DashboardPreset = NonNullable<DashboardQuery['preset']>;

export const presets: readonly DashboardPreset[] = ['today', 'last24h', 'last7d', 'last30d'];
export const defaultPreset: DashboardPreset = 'last24h';

/** The server's limit on a custom range (366 days, a leap year). */
export const maxRangeDays = 366;

const dayFormat = 'YYYY-MM-DD';

/**
 * What the dashboard shows, as the URL keeps it (so a reload, Back or a shared link shows the same
 * period): a preset, or a custom range of whole local days, first and last day included.
 */
export type Period =
  | { readonly kind: 'preset'; readonly preset: DashboardPreset }
  | { readonly kind: 'custom'; readonly firstDay: string; readonly lastDay: string };

export const defaultPeriod: Period = { kind: 'preset', preset: defaultPreset };

function isPreset(value: string | null): value is DashboardPreset {
  return presets.some((preset) => preset === value);
}

/** A `YYYY-MM-DD` that is a real day, or null. */
function day(value: string | null): dayjs.Dayjs | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const parsed = dayjs(value);
  return parsed.isValid() && parsed.format(dayFormat) === value ? parsed : null;
}

/** Whether a custom range is one the server takes: in order and at most 366 days. */
export function isRangeAllowed(firstDay: dayjs.Dayjs, lastDay: dayjs.Dayjs): boolean {
  const days = lastDay.diff(firstDay, 'day') + 1;
  return days >= 1 && days <= maxRangeDays;
}

/** The period a URL query asks for; anything malformed falls back to the default. */
export function periodFromSearch(search: URLSearchParams): Period {
  const first = day(search.get('from'));
  const last = day(search.get('to'));
  if (first && last && isRangeAllowed(first, last))
    return { kind: 'custom', firstDay: first.format(dayFormat), lastDay: last.format(dayFormat) };
  const preset = search.get('preset');
  return isPreset(preset) ? { kind: 'preset', preset } : defaultPeriod;
}

/** The URL query of a period; the default one leaves the URL bare. */
export function searchOfPeriod(period: Period): URLSearchParams {
  if (period.kind === 'custom') return new URLSearchParams({ from: period.firstDay, to: period.lastDay });
  return new URLSearchParams(period.preset === defaultPreset ? {} : { preset: period.preset });
}

/**
 * The operation's query for a period in the browser's time zone: a custom range runs from the first
 * day's local midnight to the midnight after the last day (the server takes `to` as exclusive).
 */
export function queryOfPeriod(period: Period, timeZone: string): DashboardQuery {
  if (period.kind === 'preset') return { preset: period.preset, timeZone };
  return {
    from: dayjs(period.firstDay).startOf('day').toISOString(),
    to: dayjs(period.lastDay).add(1, 'day').startOf('day').toISOString(),
    timeZone,
  };
}

/** The days a custom period covers, for the range picker. */
export function customDays(period: Period): [dayjs.Dayjs, dayjs.Dayjs] | null {
  return period.kind === 'custom' ? [dayjs(period.firstDay), dayjs(period.lastDay)] : null;
}

/** A custom period from the range picker's days. */
export function customPeriod(firstDay: dayjs.Dayjs, lastDay: dayjs.Dayjs): Period {
  return { kind: 'custom', firstDay: firstDay.format(dayFormat), lastDay: lastDay.format(dayFormat) };
}
