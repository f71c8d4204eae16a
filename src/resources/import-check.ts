import type { components } from '../generated/openapi';
import type { LocalText } from '../generated/settings';
import { englishCount, formatCount } from '../i18n/number-format';

export type ImportReport = components['schemas']['ImportReport'];

/**
 * The file chosen in the import drawer and what the server's dry run said of it: its report, or
 * the message refusing the file as a whole (unknown columns, too large, not text).
 */
export type ImportCheck =
  | { readonly fileName: string; readonly report: ImportReport; readonly fileError: null }
  | { readonly fileName: string; readonly report: null; readonly fileError: string };

/** Importing is offered once a dry run found rows and refused none. */
export function mayImport(check: ImportCheck | null): boolean {
  return check?.report != null && check.report.rows > 0 && check.report.problems.length === 0;
}

/** One row of the problems table: the line, the column as the file heads it, the message. */
export interface ProblemRow {
  readonly key: string;
  readonly line: number;
  readonly column: string;
  readonly message: string;
}

export function problemRows(report: ImportReport): ProblemRow[] {
  return report.problems.map((problem, index) => ({
    key: `${problem.line}:${problem.field}:${index}`,
    line: problem.line,
    column: problem.column,
    message: problem.message,
  }));
}

/** What the dry run found: rows ready, or how many rows must be corrected first. */
export function checkSummary(report: ImportReport): LocalText {
  const refused = new Set(report.problems.map((problem) => problem.line)).size;
  if (refused === 0) {
    return {
      zh: `共 ${formatCount(report.rows)} 行，均可导入`,
      en: `${englishCount(report.rows, 'row', 'rows')}, all ready to import`,
    };
  }
  return {
    zh: `共 ${formatCount(report.rows)} 行，其中 ${formatCount(refused)} 行有误：请修正后重新选择文件，未导入任何数据`,
    en: `${englishCount(refused, 'row', 'rows')} of ${formatCount(report.rows)} must be corrected; choose the corrected file. Nothing was imported`,
  };
}

export const importedText = (count: number): LocalText => ({
  zh: `已导入 ${formatCount(count)} 条`,
  en: `Imported ${englishCount(count, 'entry', 'entries')}`,
});
