import type { Locator, Page } from 'playwright-core';

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
