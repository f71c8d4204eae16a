import { describe, expect, it } from 'vitest';
import { exportQuery, exportRangeProblem, firstExportRange, longestExportMs } from './export-range';

const day = { from: Date.UTC(2026, 10, 28), to: Date.UTC(2026, 10, 29) };
const minute = 60_000;

describe("the playback page's export range", () => {
  it('offers a minute from the picture’s time in whole seconds, within the day', () => {
    expect(firstExportRange(day.from + 2 * 3_600_000 + 1500, day)).toEqual({
      from: day.from + 2 * 3_600_000 + 1000,
      to: day.from + 2 * 3_600_000 + 1000 + minute,
    });
    expect(firstExportRange(day.to - 10_000, day)).toEqual({ from: day.to - 10_000, to: day.to });
  });

  it('refuses an empty, reversed, too long or out-of-day range before asking the server', () => {
    const at = day.from + 3_600_000;
    expect(exportRangeProblem({ from: at, to: at + minute }, day)).toBeNull();
    expect(exportRangeProblem({ from: at, to: at + longestExportMs }, day)).toBeNull();
    expect(exportRangeProblem({ from: at, to: at }, day)?.zh).toBe('结束时间必须晚于开始时间');
    expect(exportRangeProblem({ from: at, to: at + longestExportMs + 1000 }, day)?.zh).toBe(
      '导出时段不能超过 30 分钟',
    );
    expect(exportRangeProblem({ from: day.to - minute, to: day.to + minute }, day)?.en).toBe(
      'The range must be within the shown day',
    );
  });

  it('asks for the range as its two instants', () => {
    expect(exportQuery({ from: day.from, to: day.from + minute })).toBe(
      'from=2026-11-28T00%3A00%3A00.000Z&to=2026-11-28T00%3A01%3A00.000Z',
    );
  });
});
