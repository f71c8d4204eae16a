import type { ListShape } from '../../contract/list-facts';
import { zonedDateTime } from './export-columns';

/**
 * An export's file name: what it holds, the range its filters bound it to (the first range filter
 * given, as days; an open end reads `start` or `now`) and when it was made, on the reader's clocks:
 * `alerts-2026-11-01_2026-11-28-20261128-1943.csv`, `cameras-20261128-1943.csv` without a range.
 * Two exports of different weeks, or of the same list an hour apart, no longer share a name.
 */
export function exportFileName(
  plural: string,
  shape: ListShape,
  query: Readonly<Record<string, unknown>>,
  now: Date,
  timeZone: string,
): string {
  const dayOf = (param: string | undefined, dateTime: boolean): string | null => {
    const value = param === undefined ? undefined : query[param];
    if (typeof value !== 'string' || value === '') return null;
    return (dateTime ? zonedDateTime(value, timeZone) : value).slice(0, 10);
  };
  const ranged = shape.filters.filter((filter) => filter.mode === 'from' || filter.mode === 'to');
  const field = ranged.find((filter) => dayOf(filter.param, filter.dateTime) !== null)?.field;
  const bound = (mode: 'from' | 'to') => {
    const filter = ranged.find((candidate) => candidate.field === field && candidate.mode === mode);
    return filter === undefined ? null : dayOf(filter.param, filter.dateTime);
  };
  const range = field === undefined ? '' : `${bound('from') ?? 'start'}_${bound('to') ?? 'now'}-`;
  const made = zonedDateTime(now.toISOString(), timeZone);
  const stamp = `${made.slice(0, 10).replaceAll('-', '')}-${made.slice(11, 16).replace(':', '')}`;
  return `${plural}-${range}${stamp}.csv`;
}
