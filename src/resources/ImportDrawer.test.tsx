// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import camera from '../generated/resources/camera';
import { LocaleProvider } from '../i18n';
import { testRoot } from '../../test-support/react-root';
import { resourceOf } from './descriptors';
import { ImportDrawer } from './ImportDrawer';
import type { ImportReport } from './import-check';
import { resourceApi } from './resource-api';

const root = testRoot();
const descriptor = resourceOf(camera);

const refused: ImportReport = {
  dryRun: true,
  rows: 4,
  imported: 0,
  problems: [{ line: 4, column: 'IP地址', field: 'ip', message: '格式不正确（ipv4）' }],
};
const clean: ImportReport = { dryRun: true, rows: 4, imported: 0, problems: [] };

afterEach(() => {
  vi.restoreAllMocks();
});

async function drawer() {
  const onImported = vi.fn();
  const host = document.body.appendChild(document.createElement('div'));
  await root.render(
    host,
    <LocaleProvider>
      <ImportDrawer descriptor={descriptor} open onClose={() => undefined} onImported={onImported} />
    </LocaleProvider>,
  );
  const importButton = () =>
    [...document.querySelectorAll('button')].find((button) => button.textContent === '确认导入');
  /** Chooses a file as the file dialog would. */
  const choose = async (name: string) => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['名称\r\n'], name, { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    return file;
  };
  return { onImported, importButton, choose };
}

describe('the import drawer', () => {
  it('shows each refused row of the dry run and keeps Import off until a file passes, then imports it', async () => {
    const importCsv = vi.spyOn(resourceApi, 'importCsv');
    const { onImported, importButton, choose } = await drawer();
    expect(importButton()?.disabled).toBe(true);

    importCsv.mockResolvedValueOnce(refused);
    const bad = await choose('bad.csv');
    expect(importCsv).toHaveBeenLastCalledWith(descriptor, bad, true);
    const cells = [...document.querySelectorAll('.ant-table-row td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['4', 'IP地址', '格式不正确（ipv4）']);
    expect(document.body.textContent).toContain('共 4 行，其中 1 行有误');
    expect(importButton()?.disabled).toBe(true);

    importCsv.mockResolvedValueOnce(clean);
    const good = await choose('good.csv');
    expect(document.querySelectorAll('.ant-table-row')).toHaveLength(0);
    expect(importButton()?.disabled).toBe(false);

    importCsv.mockResolvedValueOnce({ ...clean, dryRun: false, imported: 4 });
    await act(async () => importButton()?.click());
    expect(importCsv).toHaveBeenLastCalledWith(descriptor, good, false);
    expect(onImported).toHaveBeenCalledTimes(1);
  });
});
