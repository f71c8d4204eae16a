import type { LocalText } from '../../../generated/settings';

/** The longest range exportRecording answers (its 400 beyond). */
export const longestExportMs = 30 * 60_000;
/** What the export offers first: a minute from the picture's time. */
const firstExportMs = 60_000;

export interface ExportRange {
  readonly from: number;
  readonly to: number;
}

/** A minute from `at` (whole seconds), kept within the shown day. */
export function firstExportRange(at: number, day: ExportRange): ExportRange {
  const from = Math.min(Math.max(Math.floor(at / 1000) * 1000, day.from), day.to - 1000);
  return { from, to: Math.min(from + firstExportMs, day.to) };
}

/** Why the range cannot be exported, or null when it can. */
export function exportRangeProblem(range: ExportRange, day: ExportRange): LocalText | null {
  if (range.to <= range.from)
    return { zh: '结束时间必须晚于开始时间', en: 'The end must be after the start' };
  if (range.from < day.from || range.to > day.to) {
    return { zh: '导出时段须在当天之内', en: 'The range must be within the shown day' };
  }
  if (range.to - range.from > longestExportMs) {
    return { zh: '导出时段不能超过 30 分钟', en: 'The range can be at most 30 minutes' };
  }
  return null;
}

/** The export's query: its two instants. */
export const exportQuery = (range: ExportRange): string =>
  new URLSearchParams({
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
  }).toString();
