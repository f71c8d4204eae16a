import { downloadedBytes } from './downloads';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiHeaders, signedInToken } from './api';
import { clickUntil, eventually, label, openMenuEntry } from './screen';
import { scaled } from '../test-support/test-timeouts';

// What the generic resource screens are made of, as a person finds them on the page.

/** A drawer (create, edit, detail) by its title. */
export function drawerTitled(page: Page, title: string | RegExp): Locator {
  return page.locator('.ant-drawer-section').filter({ has: page.getByText(title, { exact: true }) });
}

export function searchForm(page: Page): Locator {
  return page.getByRole('form', { name: '查询' });
}

/** A table row holding `text` (a screen kept alive but hidden has its rows out of sight). */
export function rowOf(scope: Page | Locator, text: string): Locator {
  return scope.locator('.ant-table-row:visible').filter({ hasText: text });
}

/** What a form says under a field (antd links the messages to the input with aria-describedby). */
export { fieldDescription as messageOf } from './screen';

/**
 * A select of a form as a person uses it: the field, what it shows chosen, and its own list (rc-select
 * names it after the input's id), not while it closes: another select's list, or this one's from the
 * pick before, may still be leaving, visible.
 */
async function selectField(scope: Locator, fieldLabel: string) {
  const page = scope.page();
  const field = scope.getByLabel(fieldLabel, { exact: true });
  const listId = `${await field.getAttribute('id')}_list`;
  return {
    field,
    shown: scope.locator('.ant-select', { has: page.getByLabel(fieldLabel, { exact: true }) }),
    dropdown: page
      .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
      .filter({ has: page.locator(`[id="${listId}"]`) }),
  };
}

/** Until the select shows `option` chosen; once more after a click a busy page lost. */
const chosen = (shown: Locator, option: string) => () =>
  expect.poll(() => shown.innerText(), { timeout: scaled(2000) }).toContain(option);

/** Picks an option of a select by its text. */
export async function choose(scope: Locator, fieldLabel: string, option: string): Promise<void> {
  const { field, shown, dropdown } = await selectField(scope, fieldLabel);
  // From the list if it stayed open after a lost click (a click on the field would close it), else
  // opening it first.
  await clickUntil(
    async () => {
      if ((await dropdown.count()) === 0) await field.click();
      await dropdown.locator(`.ant-select-item-option[title="${option}"]`).click();
    },
    chosen(shown, option),
  );
}

/**
 * Types into a reference select, as an operator searching another screen's items, and picks the
 * one labelled `name`; `typed` is what is typed when it is not the whole label (part of it). The
 * list is the server's answer to the typing, so the option is clicked in the list of that answer.
 */
export async function chooseReference(
  scope: Locator,
  fieldLabel: string,
  name: string,
  typed = name,
): Promise<void> {
  const { field, shown, dropdown } = await selectField(scope, fieldLabel);
  await clickUntil(
    async () => {
      await field.click();
      await field.fill(typed);
      await dropdown.locator(`.ant-select-item-option[title="${name}"]`).click();
    },
    chosen(shown, name),
  );
}

/**
 * Types a date (`2030-01-31`) or a date-time (`2030-01-31 09:00:00`) into a picker and commits it
 * with Enter, as a person typing would (it takes the value and does not submit the form). Not with
 * the picker's OK button: clicked before the picker has read the typed text, it takes the old value.
 */
export async function typeDate(scope: Locator, fieldLabel: string, value: string): Promise<void> {
  const input = scope.getByLabel(fieldLabel, { exact: true });
  await input.click();
  await input.fill(value);
  const open = scope.page().locator('.ant-picker-dropdown:visible');
  await input.press('Enter');
  // The popup closes before the next field opens its own.
  await open.waitFor({ state: 'detached' });
  await expect(input.inputValue()).resolves.toBe(value);
}

/** The value shown beside a label in a detail drawer. */
export function detailValue(drawer: Locator, fieldLabel: string): Promise<string> {
  return drawer
    .locator('.ant-descriptions-row')
    .filter({ has: drawer.page().locator('th', { hasText: new RegExp(`^${fieldLabel}$`) }) })
    .locator('td')
    .innerText();
}

/** Closes a drawer with its close button (`关闭`, or the screen language's word) and waits until it has gone. */
export async function closeDrawer(drawer: Locator, close = '关闭'): Promise<void> {
  await drawer.getByRole('button', { name: close }).click();
  await drawer.waitFor({ state: 'hidden' });
}

/**
 * Deletes a table row (of the screen or of a drawer) through its 删除 link and the confirmation,
 * and waits for the answer: the confirmation closes once the server has accepted or refused.
 */
export async function deleteRow(page: Page, text: string): Promise<void> {
  await rowOf(page, text)
    .getByRole('button', { name: label('删除') })
    .click();
  const confirmation = page.locator('.ant-popconfirm:visible');
  await confirmation.getByRole('button', { name: label('删除') }).click();
  await confirmation.waitFor({ state: 'detached' });
}

/**
 * Answers the confirmation dialog that holds `text` with its button `answer` once the dialog has
 * zoomed in (a click while it grows lands where the button was a frame before), and waits for it
 * to close: a dialog left open means its action failed.
 */
export async function answerConfirm(page: Page, text: string, answer = '确定'): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await dialog.waitFor();
  await motionsDone(page);
  await dialog.getByRole('button', { name: label(answer) }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Opens a screen from the side menu (a group, then its item) and waits for its table. */
export async function openFromMenu(page: Page, group: string, item: string, path: string): Promise<void> {
  await openMenuEntry(page, group, item, path);
  await page.locator('.ant-table').waitFor();
}

/** Fills one field of the search form and runs the query. */
export async function search(page: Page, fieldLabel: string, text: string): Promise<void> {
  await searchForm(page).getByLabel(fieldLabel, { exact: true }).fill(text);
  await searchForm(page)
    .getByRole('button', { name: label('查询') })
    .click();
}

/** Searches by one field and waits until the one row it should find is all the table shows. */
export async function searchOne(page: Page, fieldLabel: string, text: string): Promise<void> {
  await search(page, fieldLabel, text);
  await eventually(() => page.locator('.ant-table-row').count()).toBe(1);
}

/** Clicks Save in the drawer titled `title`. */
export async function save(page: Page, title: string): Promise<void> {
  // After a refused save, antd may keep the faded loading icon ("loading") in the button's name
  // until its leave motion ends, so the name is matched at its end only.
  await drawerTitled(page, title)
    .getByRole('button', { name: /保\s*存\s*$/ })
    .click();
}

/** Opens a resource screen by its URL and waits for its first page. */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.ant-table').waitFor();
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
}

/** Clicks Export and answers the downloaded file's name and text. */
export async function exportCsv(page: Page): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  const text = (await downloadedBytes(file)).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return { name: file.suggestedFilename(), text };
}

let sequence = 0;

/** A name no other test uses: tests share one server and may run side by side. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

/** Creates an item through the API, as another program holding the signed-in user's token would. */
export function createThroughApi<T = Record<string, unknown>>(
  page: Page,
  path: string,
  body: unknown,
): Promise<T> {
  return throughApi<T>(page, 'POST', path, { data: body });
}

/** Reads through the API as the signed-in user (a list, a camera's tasks); answers the envelope's data. */
export function readThroughApi<T>(page: Page, path: string): Promise<T> {
  return throughApi<T>(page, 'GET', path, {});
}

/** Uploads a file through the API (`/files/model-files`) as the signed-in user; answers the stored file. */
export function uploadThroughApi(
  page: Page,
  path: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<{ id: number }> {
  return throughApi(page, 'POST', path, { multipart: { file } });
}

async function throughApi<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  payload:
    { data?: unknown } | { multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> },
): Promise<T> {
  const response = await page.request.fetch(`/cfop${path}`, {
    method,
    headers: apiHeaders(page, await signedInToken(page)),
    ...payload,
  });
  const envelope = (await response.json()) as { code: string; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe('0');
  return envelope.data;
}

/** Waits until antd's appear / enter motions (a field message sliding in, a dialog zooming) are done. */
export async function motionsDone(page: Page): Promise<void> {
  await page
    .locator('[class*="-appear-active"], [class*="-enter-active"]')
    .first()
    .waitFor({ state: 'detached' });
}
