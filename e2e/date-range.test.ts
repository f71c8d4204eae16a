import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import { openScreen } from './resource-screen';
import { eventually, headerOf, label, screenshot, signIn } from './screen';

const screenPath = '/system/logs';

function openPanel(page: Page): Locator {
  return page.locator('.ant-picker-dropdown:visible');
}

/** The weekday heads of the open panel's first month, as the reader sees them. */
async function weekdays(page: Page): Promise<string[]> {
  const heads = openPanel(page).locator('.ant-picker-date-panel').first().locator('thead th');
  return (await heads.allInnerTexts()).map((text) => text.trim());
}

/** Today's first and last millisecond in the browser's time zone, as the list's query holds them. */
function todayBounds(page: Page): Promise<[string, string]> {
  return page.evaluate(() => {
    const now = new Date();
    const day = [now.getFullYear(), now.getMonth(), now.getDate()] as const;
    return [new Date(...day, 0, 0, 0, 0).toISOString(), new Date(...day, 23, 59, 59, 999).toISOString()];
  });
}

describe('a date-range filter', () => {
  test('speaks the console language and fills today with one click', async ({ page }) => {
    await signIn(page, admin);
    await openScreen(page, screenPath);
    const range = page.locator('.cfop-content .ant-picker-range');
    await range.locator('input').first().click();
    await openPanel(page).waitFor();

    // Chinese names, the week from Monday.
    expect(await weekdays(page)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    await expect(openPanel(page).locator('.ant-picker-header-view').first().innerText()).resolves.toMatch(
      /^\d{4}年\s*\d{1,2}月$/,
    );
    await screenshot(page, 'range-presets-chinese');
    await openPanel(page).getByText('今天', { exact: true }).click();
    await openPanel(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: label('查询') }).click();

    const [from, to] = await todayBounds(page);
    await eventually(() => new URL(page.url()).searchParams.get('timeFrom')).toBe(from);
    expect(new URL(page.url()).searchParams.get('timeTo')).toBe(to);
    await expect(range.locator('input').last().inputValue()).resolves.toMatch(/ 23:59:59$/);

    await headerOf(page).getByRole('button', { name: 'English' }).click();
    await headerOf(page).getByText('Operations Platform', { exact: true }).waitFor();
    await range.locator('input').first().click();
    await openPanel(page).waitFor();
    await eventually(() => weekdays(page)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    await openPanel(page).getByText('Last 24 hours', { exact: true }).waitFor();
    await screenshot(page, 'range-presets-english');
  });

  test("the dashboard's custom range offers whole days up to today", async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/data/operations');
    await page.getByText('统计时段：').waitFor();
    await page.locator('.ant-segmented-item').filter({ hasText: '自定义' }).click();
    // Chosen anew, the range picker opens at once.
    await openPanel(page).waitFor();
    expect(await openPanel(page).locator('.ant-picker-presets li').allInnerTexts()).toEqual([
      '今天',
      '昨天',
      '本周',
      '近7天',
      '本月',
    ]);
    await screenshot(page, 'dashboard-range-presets');
    await openPanel(page).getByText('本月', { exact: true }).click();

    const [firstDay, today] = await page.evaluate(() => {
      const now = new Date();
      const day = (date: Date) =>
        `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      return [day(new Date(now.getFullYear(), now.getMonth(), 1)), day(now)];
    });
    await eventually(() => new URL(page.url()).searchParams.get('from')).toBe(firstDay);
    expect(new URL(page.url()).searchParams.get('to')).toBe(today);
  });
});
