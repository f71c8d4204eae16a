import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin, cameraOperator } from './accounts';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { clickUntil, eventually, expectAt, headerOf, label, screenshot, signIn } from './screen';

function bellOf(page: Page): Locator {
  return headerOf(page).locator('.cfop-bell');
}

/** The bell's count; it shows one once the server answered, which it asks when the live stream is open. */
async function pendingCount(page: Page): Promise<number> {
  const bell = bellOf(page);
  await eventually(() => bell.getAttribute('data-pending'), 'the bell knows its count').not.toBeNull();
  return Number(await bell.getAttribute('data-pending'));
}

/** Opens the bell's popover (a lost click leaves it closed: click again). */
async function openBell(page: Page): Promise<Locator> {
  const panel = page.locator('.ant-popover:visible .cfop-bell-panel');
  await clickUntil(
    () => bellOf(page).click(),
    () => panel.waitFor({ timeout: 3000 }),
  );
  return page.locator('.ant-popover:visible');
}

describe('the header bell', () => {
  test(
    'counts pending alerts live on any screen, lists the newest and leads to them',
    { timeout: 90_000 },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1);
      const camera = cameras[0] as (typeof cameras)[number];
      // Other tests of the run may have left alerts pending: count from what the bell shows now.
      const before = await pendingCount(page);

      const smoking = await raise(camera, '吸烟', 'critical');
      await raise(camera, '未戴安全帽', 'high');
      await eventually(() => bellOf(page).getAttribute('data-pending')).toBe(String(before + 2));
      await expectAt(page, '/home');

      const popover = await openBell(page);
      await popover.getByText('待处理告警', { exact: true }).waitFor();
      const newest = popover.locator('.cfop-bell-alert');
      await expect(newest.first().innerText()).resolves.toMatch(/未戴安全帽[\s\S]*厂区门口/);
      await expect(newest.nth(1).innerText()).resolves.toMatch(/紧急[\s\S]*吸烟/);
      await popover.getByRole('button', { name: label('查看全部') }).waitFor();
      await screenshot(page, 'alert-bell-open');

      // An alert of the list opens the wall with its drawer; handled there, the bell counts one less.
      await newest.nth(1).click();
      await expectAt(page, `/monitor/ai?alertId=${smoking.id}`);
      const drawer = page.locator('.ant-drawer-section').filter({ hasText: '告警详情 · 吸烟' });
      await drawer.waitFor();
      await drawer.getByText('确认：属实的告警').click();
      await drawer.getByRole('button', { name: label('提交处理') }).click();
      await page.getByText('告警已处理', { exact: true }).waitFor();
      await eventually(() => bellOf(page).getAttribute('data-pending')).toBe(String(before + 1));
      await drawer.getByRole('button', { name: '关闭' }).click();

      // 查看全部: the wall showing the pending alerts.
      const again = await openBell(page);
      await expect(again.locator('.cfop-bell-alert').first().innerText()).resolves.toContain('未戴安全帽');
      await again.getByRole('button', { name: label('查看全部') }).click();
      await expectAt(page, '/monitor/ai?status=pending');

      await headerOf(page).getByRole('button', { name: 'English' }).click();
      await headerOf(page).getByText('Operations Platform', { exact: true }).waitFor();
      const english = await openBell(page);
      await english.getByText('Pending alerts', { exact: true }).waitFor();
      await english.getByRole('button', { name: 'View all' }).waitFor();
      await expect(english.innerText()).resolves.toMatch(/Critical[\s\S]*High[\s\S]*Medium[\s\S]*Low/);
      await screenshot(page, 'alert-bell-open-english');
    },
  );

  test('is not there for someone without the alert key', async ({ page }) => {
    await signIn(page, cameraOperator);
    // The bell renders with the user's name, in the same header.
    await expect(bellOf(page).count()).resolves.toBe(0);
  });
});
