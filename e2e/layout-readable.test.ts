import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import { createThroughApi, unique } from './resource-screen';
import { eventually, label, screenshot, siderOf, signIn } from './screen';

// Readable at the widths operators use: a wide desk screen, a laptop and a tablet, in both languages.
const widths = [1440, 1280, 768] as const;
const languages = [
  { locale: 'zh-CN', status: '状态', expand: '展开', collapse: '收起' },
  { locale: 'en-US', status: 'Status', expand: 'Expand', collapse: 'Collapse' },
] as const;

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`${locator.toString()} is not on screen`);
  return found;
}

/** Whether the middle of `locator` is what the reader sees there (on screen, nothing over it). */
function seenAtItsMiddle(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const middle = { x: x + width / 2, y: y + height / 2 };
    if (middle.x < 0 || middle.x > window.innerWidth) return false;
    const top = document.elementFromPoint(middle.x, middle.y);
    return top !== null && element.contains(top);
  });
}

async function chooseLanguage(page: Page, locale: string): Promise<void> {
  await page.evaluate((chosen) => localStorage.setItem('CFOP_LOCALE', chosen), locale);
}

/** Forgets the reader's folding of search forms, so each width shows its own default. */
async function forgetFolding(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('CFOP_SEARCH_OPEN_')) localStorage.removeItem(key);
    }
  });
}

/** The list's search form, named 查询 or Search by the language. */
function searchOf(page: Page): Locator {
  return page.locator('form.cfop-resource-search:visible');
}

/** The search fields the reader sees (a folded form keeps the others hidden). */
function shownSearchFields(page: Page): Locator {
  return searchOf(page).locator('.ant-form-item-label:visible');
}

describe('readable at 1440, 1280 and 768 px', () => {
  test('a long name is cut with a tooltip, 状态 stays in sight, the search form folds, the sider folds at 768', async ({
    page,
  }) => {
    await signIn(page, admin);
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const longName = unique(`${'华东生产基地三号厂房北侧边缘计算盒子'.repeat(2)}-`);
    await createThroughApi(page, '/aiservers', {
      name: longName,
      serialNumber: unique('SN-'),
      ip: `10.${octet()}.${octet()}.${octet()}`,
      port: 8000,
      acceleratorType: 'NPU',
      channelCapacity: 16,
    });

    for (const language of languages) {
      await chooseLanguage(page, language.locale);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await forgetFolding(page);
        await page.goto(`/equipment/aiserver?name=${encodeURIComponent(longName)}`);
        const row = page.locator('.ant-table-row:visible').filter({ hasText: longName.slice(0, 8) });
        await row.waitFor();

        // The status column is in sight, not scrolled away behind the long name.
        const statusHeader = page.getByRole('columnheader', { name: language.status, exact: true });
        await eventually(() => seenAtItsMiddle(statusHeader), `${language.status} at ${width}`).toBe(true);
        const statusCell = row.locator('td').filter({ has: page.locator('.ant-badge') });
        expect(await seenAtItsMiddle(statusCell)).toBe(true);

        // The name is cut, and its tooltip holds the whole of it.
        const nameCell = row.locator('.cfop-resource-cell').first();
        expect(await nameCell.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(true);
        await nameCell.hover();
        await page.getByRole('tooltip').filter({ hasText: longName }).waitFor();
        await page.mouse.move(0, 0);

        // The sider folds to its icons below 992 px and is open above.
        await eventually(async () => (await box(siderOf(page))).width).toBe(width < 992 ? 64 : 208);

        // The form is open on a wide screen and folded on a tablet; 收起 and 展开 fold and unfold it.
        const fold = searchOf(page).getByRole('button', { name: label(language.expand) });
        const unfold = searchOf(page).getByRole('button', { name: label(language.collapse) });
        if (width >= 1200) {
          await eventually(() => shownSearchFields(page).count()).toBe(6);
          await screenshot(page, `layout-${language.locale}-${width}`);
          await unfold.click();
          await eventually(() => shownSearchFields(page).count()).toBe(2);
          await screenshot(page, `layout-${language.locale}-${width}-folded`);
          // Folded it stays, on this screen, until the reader opens it again.
          await page.reload();
          await row.waitFor();
          await eventually(() => shownSearchFields(page).count()).toBe(2);
          await fold.click();
          await eventually(() => shownSearchFields(page).count()).toBe(6);
        } else {
          await eventually(() => shownSearchFields(page).count()).toBe(1);
          await screenshot(page, `layout-${language.locale}-${width}`);
          await fold.click();
          await eventually(() => shownSearchFields(page).count()).toBe(6);
          await unfold.click();
          await eventually(() => shownSearchFields(page).count()).toBe(1);
        }
        // No menu entry is cut to "…" (English is the longer).
        const cut = await siderOf(page)
          .locator('.ant-menu-title-content:visible')
          .evaluateAll((entries) =>
            entries
              .filter((entry) => entry.scrollWidth > entry.clientWidth)
              .map((entry) => entry.textContent),
          );
        expect(cut).toEqual([]);
      }
    }
  });

  test('at 768 px the video wall shows two panes a row, each wider than 300 px; English counts panes right', async ({
    page,
  }) => {
    await signIn(page, admin);
    for (const language of languages) {
      await chooseLanguage(page, language.locale);
      await page.setViewportSize({ width: 768, height: 1024 });
      await page.goto('/monitor/video?layout=9');
      const panes = page.locator('.cfop-pane:visible');
      await eventually(() => panes.count()).toBe(9);
      const [first, second, third] = [
        await box(panes.nth(0)),
        await box(panes.nth(1)),
        await box(panes.nth(2)),
      ];
      expect(first.width).toBeGreaterThan(300);
      expect(second.y).toBe(first.y);
      // The third pane starts the second row.
      expect(third.y).toBeGreaterThan(first.y);
      await screenshot(page, `video-wall-${language.locale}-768`);

      await page.setViewportSize({ width: 1280, height: 800 });
      await eventually(async () => (await box(panes.nth(2))).y).toBe((await box(panes.nth(0))).y);
      if (language.locale === 'en-US') {
        await page.getByText('1 pane', { exact: true }).waitFor();
        await page.getByText('4 panes', { exact: true }).waitFor();
      }
    }
  });
});
