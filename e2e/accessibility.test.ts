import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { scaled } from '../test-support/test-timeouts';
import { admin } from './accounts';
import { card, screenPath as alertWallPath } from './alert-wall';
import { artifactPath } from './artifacts';
import { audit, countsTable, type Audit } from './axe';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { drawerTitled, motionsDone, openScreen } from './resource-screen';
import { eventually, headerOf, screenshot, signIn } from './screen';

// Every screen and drawer an operator works in, checked by axe (WCAG 2.1 A and AA). A new screen
// is added here (docs/extending.md).

const audits = new Map<string, Audit>();

/** Audits what is on screen once it has settled, records the counts, and expects nothing blocking. */
async function expectAccessible(page: Page, screen: string, within?: string): Promise<void> {
  // Still, as for a reader who asks for reduced motion: other tests' alerts keep the bell's badge
  // moving, and axe would measure its colours halfway through a transition.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await motionsDone(page);
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  const result = await audit(page, screen, within);
  audits.set(screen, result);
  // Printed as found: a try that fails and passes on retry otherwise leaves no word of what it saw.
  if (result.blocking.length > 0)
    console.log(`axe on ${screen}:\n${JSON.stringify(result.blocking, null, 2)}`);
  // Soft: one screen's finding does not hide the next screen's.
  expect.soft(result.blocking, screen).toEqual([]);
}

/** Moves the keyboard focus with Tab until `target` has it, as a keyboard user reaches a control. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the control is not in the tab order');
}

afterAll(async () => {
  const table = countsTable([...audits.values()]);
  console.log(`axe: nodes per screen\n${table}`);
  await writeFile(artifactPath('accessibility.md'), `${table}\n`);
  await writeFile(artifactPath('accessibility.json'), JSON.stringify([...audits.values()], null, 2));
});

describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  test('the login page', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByLabel('用户名', { exact: true }).waitFor();
    await expectAccessible(page, 'login');
  });

  test('home, the lists, a form drawer, roles with the key tree and the personal centre', async ({
    page,
  }) => {
    await signIn(page, admin);
    await expectAccessible(page, 'home');
    for (const [screen, path] of [
      ['AI servers', '/equipment/aiserver'],
      ['cameras', '/equipment/camera'],
      ['camera groups', '/equipment/camera-groups'],
      ['models', '/model'],
      ['staff', '/door/staff'],
      ['users', '/system/user'],
      ['roles', '/system/role'],
      ['directory group mappings', '/system/directory-groups'],
    ] as const) {
      await openScreen(page, path);
      await expectAccessible(page, screen);
    }

    await openScreen(page, '/door/staff');
    await page.getByRole('button', { name: '新增' }).first().click();
    const staffForm = drawerTitled(page, '新增员工');
    await staffForm.getByLabel('工号', { exact: true }).waitFor();
    await expectAccessible(page, 'staff form drawer');

    await openScreen(page, '/system/role');
    await page.getByRole('button', { name: '新增' }).first().click();
    const roleForm = drawerTitled(page, '新增角色');
    await roleForm.getByRole('group', { name: '权限' }).waitFor();
    await expectAccessible(page, 'role form with the key tree');

    await page.goto('/user/personal');
    await page.getByText(admin.username, { exact: true }).waitFor();
    await expectAccessible(page, 'personal centre');
  });

  test(
    'the alert wall and its drawer, the dashboard, the video wall and playback',
    { timeout: scaled(90_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1);
      const camera = cameras[0] as (typeof cameras)[number];
      const alert = await raise(camera, '未戴安全帽', 'high');

      await page.goto(`${alertWallPath}?cameraId=${camera.id}`);
      await card(page, alert.id).waitFor();
      await expectAccessible(page, 'alert wall');
      await card(page, alert.id).click();
      await page.locator('.ant-drawer-section').filter({ hasText: '告警详情 · 未戴安全帽' }).waitFor();
      await expectAccessible(page, 'alert drawer');

      // With an alert, the dashboard's rankings show their bars.
      await page.goto('/data/operations');
      await page.locator('.cfop-dashboard-top-bar').first().waitFor();
      await expectAccessible(page, 'dashboard');

      await page.goto(`/monitor/video?layout=4&cams=${camera.id}`);
      await page.locator('[data-pane="0"] .cfop-pane-name').getByText(camera.name, { exact: true }).waitFor();
      await expectAccessible(page, 'video wall');
      await page.getByRole('button', { name: '保存画面' }).click();
      await drawerTitled(page, '保存画面').getByLabel('名称').waitFor();
      await expectAccessible(page, 'video wall save dialog');
      await page.keyboard.press('Escape');

      await page.goto(`/monitor/playback?camera=${camera.id}`);
      await page.locator('.cfop-playback-camera').getByText(camera.name).waitFor();
      await expectAccessible(page, 'playback');
    },
  );

  test('the keyboard reaches the login tabs, the header, the staff form dates and the video panes', async ({
    page,
  }) => {
    await page.goto('/user/login');
    await tabTo(page, page.getByRole('tab', { selected: true }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: '手机号登录' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await screenshot(page, 'a11y-login-focus');

    await signIn(page, admin);
    await openScreen(page, '/door/staff');
    await tabTo(page, headerOf(page).locator('.cfop-header-action').first());
    await screenshot(page, 'a11y-list-focus');

    await page.getByRole('button', { name: '新增' }).first().click();
    const staffForm = drawerTitled(page, '新增员工');
    await staffForm.getByLabel('部门', { exact: true }).focus();
    await tabTo(page, staffForm.getByLabel('生效日期', { exact: true }));
    await tabTo(page, staffForm.getByLabel('失效日期', { exact: true }));

    // The wall is one tab stop; the arrow keys move the selected pane and the focus with it.
    await page.goto('/monitor/video?layout=4');
    await tabTo(page, page.locator('[data-pane="0"]'));
    await page.keyboard.press('ArrowDown');
    await eventually(() => page.locator('[data-pane="2"]').getAttribute('aria-selected')).toBe('true');
    await expect(
      page.locator('[data-pane="2"]').evaluate((pane) => pane === document.activeElement),
    ).resolves.toBe(true);
    await screenshot(page, 'a11y-video-wall-focus');
    await headerOf(page).getByText('English', { exact: true }).click();
    await page.getByText('Click a camera on the left, or drop it here').first().waitFor();
    await page.locator('[data-pane="2"]').focus();
    await page.keyboard.press('ArrowRight');
    await eventually(() => page.locator('[data-pane="3"]').getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'a11y-video-wall-focus-en');
  });
});
