import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pastDayPresets, pickerPresets } from './range-presets';

const stamp = 'YYYY-MM-DD HH:mm:ss.SSS';

/** Each preset's range as of the clock, by its Chinese label, in local time. */
function rangesAt(clock: string, dayLocale: string, make = pickerPresets): Record<string, [string, string]> {
  vi.setSystemTime(dayjs(clock).toDate());
  dayjs.locale(dayLocale);
  const presets = make((text) => text.zh);
  return Object.fromEntries(
    presets.map(({ label, value }) => [label, value().map((day) => day.format(stamp)) as [string, string]]),
  );
}

describe('range presets', () => {
  afterEach(() => {
    vi.useRealTimers();
    dayjs.locale('en');
  });

  it('are whole days to their last millisecond, a week from Monday in Chinese', () => {
    vi.useFakeTimers();
    // A Sunday: in Chinese its week began on Monday the 23rd.
    expect(rangesAt('2026-11-29T15:30:00', 'zh-cn')).toEqual({
      今天: ['2026-11-29 00:00:00.000', '2026-11-29 23:59:59.999'],
      昨天: ['2026-11-28 00:00:00.000', '2026-11-28 23:59:59.999'],
      近24小时: ['2026-11-28 15:30:00.000', '2026-11-29 15:30:00.000'],
      本周: ['2026-11-23 00:00:00.000', '2026-11-29 23:59:59.999'],
      近7天: ['2026-11-23 00:00:00.000', '2026-11-29 23:59:59.999'],
      本月: ['2026-11-01 00:00:00.000', '2026-11-30 23:59:59.999'],
    });
  });

  it('start a week on Sunday in English and end a month on its own last day', () => {
    vi.useFakeTimers();
    const ranges = rangesAt('2028-02-29T08:00:00', 'en');
    expect(ranges['本周']).toEqual(['2028-02-27 00:00:00.000', '2028-03-04 23:59:59.999']);
    expect(ranges['本月']).toEqual(['2028-02-01 00:00:00.000', '2028-02-29 23:59:59.999']);
    expect(ranges['昨天']).toEqual(['2028-02-28 00:00:00.000', '2028-02-28 23:59:59.999']);
    expect(rangesAt('2026-12-31T23:59:59', 'zh-cn')['本月']).toEqual([
      '2026-12-01 00:00:00.000',
      '2026-12-31 23:59:59.999',
    ]);
  });

  it('are computed when picked, not when the picker is made', () => {
    vi.useFakeTimers();
    vi.setSystemTime(dayjs('2026-11-29T23:00:00').toDate());
    const [today] = pickerPresets((text) => text.en);
    vi.setSystemTime(dayjs('2026-11-30T00:10:00').toDate());
    expect(today?.label).toBe('Today');
    expect(today?.value()[0].format(stamp)).toBe('2026-11-30 00:00:00.000');
  });

  it('for past days are the whole-day ones, none past today', () => {
    vi.useFakeTimers();
    expect(rangesAt('2026-11-25T10:00:00', 'zh-cn', pastDayPresets)).toEqual({
      今天: ['2026-11-25 00:00:00.000', '2026-11-25 23:59:59.999'],
      昨天: ['2026-11-24 00:00:00.000', '2026-11-24 23:59:59.999'],
      本周: ['2026-11-23 00:00:00.000', '2026-11-25 23:59:59.999'],
      近7天: ['2026-11-19 00:00:00.000', '2026-11-25 23:59:59.999'],
      本月: ['2026-11-01 00:00:00.000', '2026-11-25 23:59:59.999'],
    });
  });

  it('are labelled in the reader’s language', () => {
    expect(pickerPresets((text) => text.en).map((preset) => preset.label)).toEqual([
      'Today',
      'Yesterday',
      'Last 24 hours',
      'This week',
      'Last 7 days',
      'This month',
    ]);
  });
});
