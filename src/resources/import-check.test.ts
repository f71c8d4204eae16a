import { describe, expect, it } from 'vitest';
import { checkSummary, mayImport, problemRows, type ImportReport } from './import-check';

const report = (change: Partial<ImportReport> = {}): ImportReport => ({
  dryRun: true,
  rows: 4,
  imported: 0,
  problems: [],
  ...change,
});

const refused = report({
  problems: [
    { line: 3, column: 'IP地址', field: 'ip', message: '格式不正确（ipv4）' },
    { line: 3, column: '编码', field: 'code', message: '已存在' },
    { line: 5, column: 'AI服务器', field: 'aiServerId', message: 'AI服务器不存在（盒子-9）' },
  ],
});

describe('the import drawer’s check of a file', () => {
  it('offers the import only after a dry run found rows and refused none', () => {
    expect(mayImport(null)).toBe(false);
    expect(mayImport({ fileName: 'a.csv', report: report(), fileError: null })).toBe(true);
    expect(mayImport({ fileName: 'a.csv', report: refused, fileError: null })).toBe(false);
    expect(mayImport({ fileName: 'a.csv', report: report({ rows: 0 }), fileError: null })).toBe(false);
    expect(mayImport({ fileName: 'a.csv', report: null, fileError: '未知的列：颜色' })).toBe(false);
  });

  it('lists every refused cell by line and column, and counts the refused rows once each', () => {
    expect(problemRows(refused).map(({ line, column, message }) => [line, column, message])).toEqual([
      [3, 'IP地址', '格式不正确（ipv4）'],
      [3, '编码', '已存在'],
      [5, 'AI服务器', 'AI服务器不存在（盒子-9）'],
    ]);
    expect(new Set(problemRows(refused).map((row) => row.key)).size).toBe(3);
    expect(checkSummary(refused)).toEqual({
      zh: '共 4 行，其中 2 行有误：请修正后重新选择文件，未导入任何数据',
      en: '2 rows of 4 must be corrected; choose the corrected file. Nothing was imported',
    });
    expect(checkSummary(report({ rows: 1 }))).toEqual({
      zh: '共 1 行，均可导入',
      en: '1 row, all ready to import',
    });
  });
});
