import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import { breadcrumbOf, eventually, expectAt, headerOf, label, screenshot, siderOf, signIn } from './screen';

describe('the shell', () => {
  test('a menu click changes the route, the breadcrumb and the title; the module tab goes home', async ({
    page,
  }) => {
    await signIn(page, admin);
    const sider = siderOf(page);
    await sider.getByRole('menuitem', { name: '系统设置' }).click();
    await sider.getByRole('menuitem', { name: '用户管理' }).click();
    await expectAt(page, '/system/user');
    await breadcrumbOf(page).getByRole('link', { name: '系统设置' }).waitFor();
    await breadcrumbOf(page).getByText('用户管理', { exact: true }).waitFor();
    await eventually(() => page.title()).toBe('用户管理 - 运营平台');
    await page.locator('.cfop-content .ant-table:visible').waitFor();
    await screenshot(page, 'system-user');

    await breadcrumbOf(page).getByRole('link', { name: '系统设置' }).click();
    await expectAt(page, '/system');
    await page.getByText('请选择要打开的页面').waitFor();
    const screenLinks = page.locator('.cfop-content').getByRole('link');
    // The spec's three screens first, in its order; screens the manifest adds follow them.
    const specScreens = ['角色管理', '用户管理', '操作日志'];
    await eventually(async () => (await screenLinks.allInnerTexts()).slice(0, specScreens.length)).toEqual(
      specScreens,
    );
    await screenshot(page, 'system-group');

    await headerOf(page).getByRole('menuitem', { name: '智能监控' }).click();
    await expectAt(page, '/home');
    await eventually(() => page.title()).toBe('首页 - 运营平台');
  });

  test('the language switch turns the interface to English and back', async ({ page }) => {
    await signIn(page, admin);
    const header = headerOf(page);
    const sider = siderOf(page);
    await header.getByRole('button', { name: 'English' }).click();
    await header.getByText('Operations Platform', { exact: true }).waitFor();
    await header.getByRole('menuitem', { name: 'Smart monitoring' }).waitFor();
    await sider.getByRole('menuitem', { name: 'Devices' }).waitFor();
    await sider.getByRole('menuitem', { name: 'System settings' }).waitFor();
    await eventually(() => page.title()).toBe('Home - Operations Platform');
    await screenshot(page, 'home-english');

    await header.getByRole('button', { name: '中文' }).click();
    await header.getByText('运营平台', { exact: true }).waitFor();
    await sider.getByRole('menuitem', { name: '设备管理' }).waitFor();
    expect(await sider.getByRole('menuitem', { name: 'Devices' }).count()).toBe(0);
  });

  test('a page whose code fails to load shows the retry page, and 重试 recovers', async ({ page }) => {
    // Blocked before signing in: the menu prefetches the screens' code as soon as it shows.
    const pageChunk = '**/assets/ModelPage-*.js';
    await page.route(pageChunk, (route) => route.abort());
    await signIn(page, admin);
    await siderOf(page).getByRole('menuitem', { name: '模型管理' }).click();
    await page.getByText('页面加载失败').waitFor();
    await expectAt(page, '/model');
    await screenshot(page, 'chunk-load-failed');

    await page.unroute(pageChunk);
    // By its text: the button's accessible name also holds its icon's ("reload").
    await page
      .getByRole('button')
      .filter({ hasText: label('重试') })
      .click();
    await page.locator('.ant-card-head-title').getByText('模型', { exact: true }).waitFor();
  });

  test("the menu fetches its screens' code before any click", async ({ page }) => {
    const screenChunk = page.waitForRequest(/\/assets\/ModelPage-[\w-]+\.js$/);
    await signIn(page, admin);
    await screenChunk;
    await expectAt(page, '/home');
  });

  test('an unknown path shows the 404 page without the layout', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/no/such/page');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await page.getByText('404', { exact: true }).waitFor();
    await expectAt(page, '/no/such/page');
    expect(await headerOf(page).count()).toBe(0);
    expect(await siderOf(page).count()).toBe(0);
    await screenshot(page, 'not-found');
  });
});
