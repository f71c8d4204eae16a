import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { artifactPath } from './artifacts';
import { test } from './fixtures';
import {
  breadcrumbOf,
  chooseFromAvatarMenu,
  eventually,
  expectAt,
  headerOf,
  label,
  screenshot,
  siderOf,
  signIn,
} from './screen';

// The console's fixed primary colour #1890ff (the manifest's primaryColor) as the browser computes it.
const primaryColour = 'rgb(24, 144, 255)';

function computed(locator: Locator, property: 'position' | 'backgroundColor'): Promise<string> {
  return locator.evaluate((element, name) => getComputedStyle(element)[name], property);
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`${locator.toString()} is not on screen`);
  return found;
}

function scrollTop(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
}

describe('the layout', () => {
  test('mixed: a full-width fixed header without a logo over a fixed sider; both stay put on a long page', async ({
    page,
  }) => {
    await signIn(page, admin);
    const header = headerOf(page);
    const sider = siderOf(page);
    const viewport = page.viewportSize();
    if (viewport === null) throw new Error('the page has no viewport');

    // Mixed layout: the header spans the whole width; the sider starts under it, at the left.
    const headerBox = await box(header);
    expect(headerBox).toMatchObject({ x: 0, y: 0, width: viewport.width });
    const siderBox = await box(sider);
    expect(siderBox).toMatchObject({ x: 0, y: headerBox.height });
    const content = await box(page.locator('.cfop-content'));
    expect(content.x).toBeGreaterThanOrEqual(siderBox.width);
    expect(content.y).toBeGreaterThanOrEqual(headerBox.height);

    // No logo: the only picture in the header is the avatar's; the title is plain text.
    expect(await header.locator('img').count()).toBe(0);
    expect(await header.getByRole('img').evaluateAll((icons) => icons.map((icon) => icon.ariaLabel))).toEqual(
      ['user'],
    );
    const title = header.getByRole('link', { name: '运营平台', exact: true });
    expect(await title.locator('*').count()).toBe(0);
    expect((await box(title)).x).toBeLessThan(siderBox.width / 2);

    // The one module's tab is highlighted in the primary colour.
    const tabs = header.locator('.cfop-module-tabs').getByRole('menuitem');
    expect(await tabs.allInnerTexts()).toEqual(['智能监控']);
    expect(await computed(tabs.first(), 'backgroundColor')).toBe(primaryColour);

    expect(await computed(header, 'position')).toMatch(/^(fixed|sticky)$/);
    expect(await computed(sider, 'position')).toMatch(/^(fixed|sticky)$/);
    // A short window makes the home page longer than the screen; scrolling moves the page only.
    await page.setViewportSize({ width: viewport.width, height: 360 });
    await page.mouse.move(viewport.width / 2, 300);
    await page.mouse.wheel(0, 2000);
    await eventually(() => scrollTop(page), 'the page scrolled').toBeGreaterThan(100);
    expect(await box(header)).toMatchObject({ x: 0, y: 0, width: viewport.width });
    expect(await box(sider)).toMatchObject({ x: 0, y: headerBox.height });
    expect((await box(header.getByText(admin.name, { exact: true }))).y).toBeLessThan(headerBox.height);
    await page.screenshot({ path: artifactPath('layout-scrolled.png'), animations: 'disabled' });
  });

  test('primary buttons are painted in #1890ff', async ({ page }) => {
    await page.goto('/user/login');
    const signInButton = page.getByRole('button', { name: label('登录') });
    await signInButton.waitFor();
    await page.mouse.move(0, 0);
    await eventually(() => computed(signInButton, 'backgroundColor')).toBe(primaryColour);
  });

  test('the header shows a spinner until the user is loaded, then the avatar and name with a two-item menu', async ({
    page,
  }) => {
    await signIn(page, admin);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A slow answer to the start-up fetch; the real server still answers it.
    await page.route('**/cfop/user/info', async (route) => {
      await released;
      await route.continue();
    });
    await page.reload();

    const header = headerOf(page);
    const userCorner = header.locator('.cfop-header-actions');
    await userCorner.getByLabel('加载中…').locator('.ant-spin').waitFor();
    expect(await header.getByText(admin.name, { exact: true }).count()).toBe(0);
    expect(await userCorner.locator('.ant-avatar').count()).toBe(0);
    await screenshot(page, 'header-loading-user');

    release();
    const userButton = userCorner.getByRole('button', { name: admin.name });
    await userButton.getByText(admin.name, { exact: true }).waitFor();
    await userButton.locator('.ant-avatar').getByRole('img', { name: 'user' }).waitFor();
    expect(await userCorner.getByLabel('加载中…').count()).toBe(0);

    await userButton.hover();
    const dropdown = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: '个人中心' }) });
    await eventually(() => dropdown.getByRole('menuitem').allInnerTexts()).toEqual(['个人中心', '退出登录']);
    await screenshot(page, 'header-user-menu');
  });

  test('/ goes to /home; login has no layout; home and personal centre are in neither menu nor breadcrumb', async ({
    page,
  }) => {
    await page.goto('/user/login');
    await page.getByRole('button', { name: label('登录') }).waitFor();
    // The login page has no layout.
    expect(await headerOf(page).count()).toBe(0);
    expect(await siderOf(page).count()).toBe(0);

    await signIn(page, admin);
    await page.goto('/');
    await expectAt(page, '/home');
    await headerOf(page).getByText(admin.name, { exact: true }).waitFor();
    await page.getByText('欢迎使用运营平台').waitFor();
    const sider = siderOf(page);
    // No group is open on these pages, so the menu items are the top-level entries.
    const topEntries = sider.getByRole('menuitem');
    const shownEntries = ['设备管理', '模型管理', '出入管理', '监控中心', '数据分析', '系统设置'];
    await eventually(() => topEntries.allInnerTexts()).toEqual(shownEntries);
    expect(await breadcrumbOf(page).count()).toBe(0);

    await chooseFromAvatarMenu(page, admin, '个人中心');
    await expectAt(page, '/user/personal');
    await page.getByText('个人信息', { exact: true }).waitFor();
    expect(await breadcrumbOf(page).count()).toBe(0);
    expect(await topEntries.allInnerTexts()).toEqual(shownEntries);
    expect(await sider.locator('.ant-menu-item-selected').count()).toBe(0);
    for (const hidden of ['首页', '个人中心']) {
      expect(await sider.getByText(hidden, { exact: true }).count()).toBe(0);
    }
  });

  test('with every group open, the last menu entry scrolls clear of the collapse button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await signIn(page, admin);
    const sider = siderOf(page);
    for (const group of ['设备管理', '出入管理', '监控中心', '数据分析', '系统设置']) {
      await sider.getByRole('menuitem', { name: group }).click();
    }
    const last = sider.getByRole('menuitem', { name: '操作日志' });
    const trigger = page.locator('.ant-layout-sider-trigger');
    // Again until the groups have finished unfolding: mid-animation the entry is still moving.
    await eventually(async () => {
      await last.scrollIntoViewIfNeeded();
      const [entry, button] = [await box(last), await box(trigger)];
      return entry.y + entry.height <= button.y;
    }, 'the last entry sits above the collapse button').toBe(true);
    // A click lands only when nothing covers the entry (the pinned collapse button would).
    await last.click();
    await expectAt(page, '/system/logs');
    await screenshot(page, 'sider-all-groups-open');
  });
});
