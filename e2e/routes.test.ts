import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import { breadcrumbOf, eventually, expectAt, headerOf, screenshot, siderOf, signIn } from './screen';

interface Screen {
  readonly name: string;
  readonly path: string;
  /** The title of the screen's own card where it differs from its menu name (员工管理 lists 员工). */
  readonly card?: string;
}

// The console's fixed route table as an operator meets it in the menu: each group with its screens.
const groups: readonly { name: string; path: string; screens: readonly Screen[] }[] = [
  {
    name: '设备管理',
    path: '/equipment',
    screens: [
      { name: 'AI服务器', path: '/equipment/aiserver' },
      { name: '摄像头', path: '/equipment/camera' },
    ],
  },
  {
    name: '出入管理',
    path: '/door',
    screens: [
      { name: '员工管理', path: '/door/staff', card: '员工' },
      { name: '访客管理', path: '/door/visitor', card: '访客' },
      { name: '车辆管理', path: '/door/vehicle', card: '车辆' },
    ],
  },
  {
    name: '监控中心',
    path: '/monitor',
    screens: [
      { name: '视频监控', path: '/monitor/video' },
      { name: 'AI告警', path: '/monitor/ai' },
    ],
  },
  { name: '数据分析', path: '/data', screens: [{ name: '运营看板', path: '/data/operations' }] },
  {
    name: '系统设置',
    path: '/system',
    screens: [
      // A built screen's card bears its resource's title (新增角色, 角色详情 read from it).
      { name: '角色管理', path: '/system/role', card: '角色' },
      { name: '用户管理', path: '/system/user', card: '用户' },
      { name: '操作日志', path: '/system/logs' },
    ],
  },
];

describe('the routes', () => {
  test('every screen opens from the menu at its path; the group pages share one placeholder page', async ({
    page,
  }) => {
    const groupPageChunks = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/GroupPage-[\w-]+\.js$/.test(pathname)) groupPageChunks.add(pathname);
    });
    await signIn(page, admin);
    const sider = siderOf(page);
    const content = page.locator('.cfop-content');

    await sider.getByRole('menuitem', { name: '模型管理' }).click();
    await expectAt(page, '/model');
    await content.locator('.ant-card:visible').filter({ hasText: '模型' }).first().waitFor();

    for (const group of groups) {
      await sider.getByRole('menuitem', { name: group.name }).click();
      for (const screen of group.screens) {
        await sider.getByRole('menuitem', { name: screen.name, exact: true }).click();
        await expectAt(page, screen.path);
        // The screen's own card names it: a built screen's list, or the placeholder of one to come.
        await content
          .locator('.ant-card:visible')
          .filter({ hasText: screen.card ?? screen.name })
          .first()
          .waitFor();
        await breadcrumbOf(page).getByText(screen.name, { exact: true }).waitFor();
      }
      // The group's own page, through the breadcrumb.
      await breadcrumbOf(page).getByRole('link', { name: group.name }).click();
      await expectAt(page, group.path);
      const placeholder = content.locator('.ant-card:visible').filter({ hasText: '请选择要打开的页面' });
      await placeholder.getByText(group.name, { exact: true }).waitFor();
      // The spec's screens first, in its order; screens the manifest adds to the group follow them.
      await eventually(async () =>
        (await placeholder.getByRole('link').allInnerTexts()).slice(0, group.screens.length),
      ).toEqual(group.screens.map((screen) => screen.name));
      // Closed again, as a reader tidies the menu.
      await sider.getByRole('menuitem', { name: group.name }).click();
      await eventually(() =>
        sider.getByRole('menuitem', { name: group.name }).getAttribute('aria-expanded'),
      ).toBe('false');
    }
    await screenshot(page, 'routes-last-group-page');
    // One page module for all five groups (src/shell/route-table.test.ts checks the routes name it).
    expect(groupPageChunks.size).toBe(1);

    // Browser history: Back returns to the previous screen, without reloading the console.
    await page.evaluate(() => Object.assign(window, { cfopE2eMarker: true }));
    await page.goBack();
    await expectAt(page, '/system/logs');
    await content.locator('.ant-card:visible').filter({ hasText: '操作日志' }).first().waitFor();
    expect(await page.evaluate(() => 'cfopE2eMarker' in window)).toBe(true);
    await headerOf(page).getByText(admin.name, { exact: true }).waitFor();
  });
});
