import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin, cameraOperator } from './accounts';
import { edgeBox } from './edge-box';
import { bellAgreesWithServer, bellCount, bellOf } from './alert-wall';
import { testOnOwnServer } from './fixtures';
import { clickUntil, eventually, expectAt, headerOf, label, screenshot, signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

// The bell counts and lists the whole site's pending alerts, which the files beside it raise by
// the thousand: this file's pages open a server of its own.
const test = testOnOwnServer('bell-server', [cameraOperator]);

/** Opens the bell's popover (a lost click leaves it closed: click again). */
async function openBell(page: Page): Promise<Locator> {
  const panel = page.locator('.ant-popover:visible .cfop-bell-panel');
  await clickUntil(
    () => bellOf(page).click(),
    () => panel.waitFor({ timeout: scaled(3000) }),
  );
  return page.locator('.ant-popover:visible');
}

describe('the header bell', () => {
  test(
    'counts pending alerts live on any screen, lists the newest and leads to them',
    { timeout: scaled(90_000) },
    async ({ page, consoleUrl }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1, { ingestUrl: consoleUrl });
      const camera = cameras[0] as (typeof cameras)[number];
      await bellCount(page);

      const smoking = await raise(camera, '吸烟', 'critical');
      await raise(camera, '未戴安全帽', 'high');
      await bellAgreesWithServer(page);
      await expectAt(page, '/home');

      const popover = await openBell(page);
      await popover.getByText('待处理告警', { exact: true }).waitFor();
      // The newest first.
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
      await bellAgreesWithServer(page);
      await drawer.getByRole('button', { name: '关闭' }).click();

      // 查看全部: the wall showing the pending alerts.
      // The handled alert has left the list.
      const again = await openBell(page);
      const listed = again.locator('.cfop-bell-alert');
      await eventually(() => listed.count()).toBe(1);
      await expect(listed.innerText()).resolves.toMatch(/未戴安全帽/);
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
