// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from './call';
import { filenameFromContentDisposition, isDownloadResponse } from './download';
import { fakeBackend } from './test-support';

describe('filenameFromContentDisposition', () => {
  it.each([
    ["attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8%202024.csv", '报表 2024.csv'],
    ['attachment; filename="fallback.csv"; filename*=utf-8\'\'%E6%97%A5%E5%BF%97.csv', '日志.csv'],
    ["attachment; filename*=UTF-8'zh-CN'%E6%97%A5%E5%BF%97.txt", '日志.txt'],
    ["attachment; filename*=iso-8859-1'en'caf%E9.txt", 'café.txt'],
    ['attachment; filename="quarterly; report.xlsx"', 'quarterly; report.xlsx'],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    ['attachment;filename=tight.pdf;size=3', 'tight.pdf'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="safe.txt"', 'safe.txt'],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });

  it.each([null, '', 'attachment', 'inline; name="x"'])('%s has no file name', (header) => {
    expect(filenameFromContentDisposition(header)).toBeNull();
  });
});

describe('isDownloadResponse', () => {
  it.each([
    [200, { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment' }, true],
    [200, { 'Content-Type': 'text/csv' }, true],
    [200, { 'Content-Type': 'application/octet-stream' }, true],
    [200, { 'Content-Type': 'application/json; charset=utf-8' }, false],
    [200, { 'Content-Type': 'application/problem+json' }, false],
    [200, {}, false],
    [500, { 'Content-Type': 'text/plain' }, false],
  ])('status %i with %o → %s', (status, headers, expected) => {
    expect(isDownloadResponse(new Response(null, { status, headers }))).toBe(expected);
  });
});

describe('file answers', () => {
  const clicked: { download: string; href: string }[] = [];
  const objectUrl = 'blob:http://localhost:3000/file-1';

  beforeEach(() => {
    clicked.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockReturnValue(objectUrl);
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function download(headers: Record<string, string>) {
    const { api, effects } = fakeBackend(() => new Response('a,b\n1,2\n', { headers }));
    const result = await call(api.GET('/user/info'));
    return { result, effects };
  }

  it('downloads an attachment under its RFC 5987 name and counts as success', async () => {
    const { result, effects } = await download({
      'Content-Type': 'text/csv',
      'Content-Disposition': 'attachment; filename="report.csv"; filename*=UTF-8\'\'%E6%8A%A5%E8%A1%A8.csv',
    });
    expect(result).toBeNull();
    expect(effects.toastError).not.toHaveBeenCalled();
    expect(clicked).toEqual([{ download: '报表.csv', href: objectUrl }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0];
    expect(blob).toBeInstanceOf(Blob);
    expect(await (blob as Blob).text()).toBe('a,b\n1,2\n');
  });

  it('uses a quoted plain filename', async () => {
    await download({
      'Content-Type': 'text/csv',
      'Content-Disposition': 'attachment; filename="my report.csv"',
    });
    expect(clicked[0]?.download).toBe('my report.csv');
  });

  it('uses an unquoted plain filename', async () => {
    await download({ 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename=logs.csv' });
    expect(clicked[0]?.download).toBe('logs.csv');
  });

  it('falls back to a generic name for a non-JSON answer without a name', async () => {
    await download({ 'Content-Type': 'application/octet-stream' });
    expect(clicked).toEqual([{ download: 'download', href: objectUrl }]);
  });

  it('removes the helper anchor and releases the object URL later', async () => {
    vi.useFakeTimers();
    try {
      await download({ 'Content-Type': 'text/csv' });
      expect(document.querySelector('a[download]')).toBeNull();
      expect(URL.revokeObjectURL).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(URL.revokeObjectURL).toHaveBeenCalledWith(objectUrl);
    } finally {
      vi.useRealTimers();
    }
  });
});
