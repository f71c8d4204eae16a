import dayjs, { type Dayjs } from 'dayjs';
import type { LocalText } from '../generated/settings';
import { texts } from './texts';

export type DayRange = [Dayjs, Dayjs];

export interface RangePreset {
  readonly label: LocalText;
  /** The range as of `now`; a week starts on the day `now`'s dayjs locale says (Monday in Chinese). */
  readonly range: (now: Dayjs) => DayRange;
  /** Whether the range is whole days (近24小时 is not), so a picker of days can offer it. */
  readonly wholeDays: boolean;
}

const wholeDays = (first: Dayjs, last: Dayjs): DayRange => [first.startOf('day'), last.endOf('day')];

/**
 * The quick ranges of every date-range filter. Ends are the last millisecond of their day: a
 * filter's upper bound is inclusive (`x-filter: to` is ≤), so the whole last day is in.
 */
export const rangePresets: readonly RangePreset[] = [
  { label: texts.rangeToday, range: (now) => wholeDays(now, now), wholeDays: true },
  {
    label: texts.rangeYesterday,
    range: (now) => wholeDays(now.subtract(1, 'day'), now.subtract(1, 'day')),
    wholeDays: true,
  },
  { label: texts.rangeLast24Hours, range: (now) => [now.subtract(24, 'hour'), now], wholeDays: false },
  {
    label: texts.rangeThisWeek,
    range: (now) => wholeDays(now.startOf('week'), now.endOf('week')),
    wholeDays: true,
  },
  { label: texts.rangeLast7Days, range: (now) => wholeDays(now.subtract(6, 'day'), now), wholeDays: true },
  {
    label: texts.rangeThisMonth,
    range: (now) => wholeDays(now.startOf('month'), now.endOf('month')),
    wholeDays: true,
  },
];

/**
 * antd's `presets` for a range picker: each value is computed when clicked, so a console left
 * open past midnight still means today by 今天.
 */
export function pickerPresets(t: (text: LocalText) => string): { label: string; value: () => DayRange }[] {
  return rangePresets.map((preset) => ({ label: t(preset.label), value: () => preset.range(dayjs()) }));
}

/**
 * antd's `presets` for a picker of past days (the dashboard's custom range, which takes no day
 * after today): the whole-day presets, each cut at today, computed when clicked.
 */
export function pastDayPresets(t: (text: LocalText) => string): { label: string; value: () => DayRange }[] {
  return rangePresets
    .filter((preset) => preset.wholeDays)
    .map((preset) => ({
      label: t(preset.label),
      value: () => {
        const now = dayjs();
        const [first, last] = preset.range(now);
        return [first, last.isAfter(now, 'day') ? now.endOf('day') : last];
      },
    }));
}
