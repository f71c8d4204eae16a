import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { label } from './screen';

export { fieldDescription as messageOf } from './screen';

// Finding one's way around a generic resource screen (src/resources), as a person reads it.

export function drawerTitled(page: Page, title: string): Locator {
  return page.locator('.ant-drawer-section').filter({ has: page.getByText(title, { exact: true }) });
}

export function searchForm(page: Page): Locator {
  return page.getByRole('form', { name: '查询' });
}

/** A table row holding `text` (a screen kept alive but hidden has its rows out of sight). */
export function rowOf(page: Page, text: string): Locator {
  return page.locator('.ant-table-row:visible').filter({ hasText: text });
}

/** Picks an option of an antd select by its label. */
export async function choose(scope: Locator, fieldLabel: string, option: string): Promise<void> {
  await scope.getByLabel(fieldLabel, { exact: true }).click();
  await scope
    .page()
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
    .click();
}

/** Closes a drawer by its close button and waits until it is gone. */
export async function closeDrawer(drawer: Locator): Promise<void> {
  await drawer.getByRole('button', { name: '关闭' }).click();
  await drawer.waitFor({ state: 'hidden' });
}

/** Clicks 导出 and answers the downloaded file's name and text. */
export async function exportCsv(page: Page): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) ?? '', 'utf8') };
}

/** Deletes a table row (of the screen or of a drawer) through its 删除 link and the confirmation. */
export async function deleteRow(page: Page, text: string): Promise<void> {
  await rowOf(page, text)
    .getByRole('button', { name: label('删除') })
    .click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: label('删除') })
    .click();
}
