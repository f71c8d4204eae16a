import dayjs, { type Dayjs } from 'dayjs';
import type { LocalText } from '../generated/settings';
import { texts } from './texts';

export type DayRange = [Dayjs, Dayjs];

export interface RangePreset {
  readonly label: LocalText;
  /** The range as of `now`; a week starts on the day `now`'s dayjs locale says (Monday in Chinese). */
  readonly range: (now: Dayjs) => DayRange;
}

const wholeDays = (first: Dayjs, last: Dayjs): DayRange => [first.startOf('day'), last.endOf('day')];

/**
 * The quick ranges of every date-range filter. Ends are the last millisecond of their day: a
 * filter's upper bound is inclusive (`x-filter: to` is ≤), so the whole last day is in.
 */
export const rangePresets: readonly RangePreset[] = [
  { label: texts.rangeToday, range: (now) => wholeDays(now, now) },
  { label: texts.rangeYesterday, range: (now) => wholeDays(now.subtract(1, 'day'), now.subtract(1, 'day')) },
  { label: texts.rangeLast24Hours, range: (now) => [now.subtract(24, 'hour'), now] },
  { label: texts.rangeThisWeek, range: (now) => wholeDays(now.startOf('week'), now.endOf('week')) },
  { label: texts.rangeLast7Days, range: (now) => wholeDays(now.subtract(6, 'day'), now) },
  { label: texts.rangeThisMonth, range: (now) => wholeDays(now.startOf('month'), now.endOf('month')) },
];

/**
 * antd's `presets` for a range picker: each value is computed when clicked, so a console left
 * open past midnight still means today by 今天.
 */
export function pickerPresets(t: (text: LocalText) => string): { label: string; value: () => DayRange }[] {
  return rangePresets.map((preset) => ({ label: t(preset.label), value: () => preset.range(dayjs()) }));
}
