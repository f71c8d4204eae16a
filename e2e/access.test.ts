import { describe, expect } from 'vitest';
import { cameraOperator } from './accounts';
import { test } from './fixtures';
import { expectAt, screenshot, siderOf, signIn } from './screen';

describe('access keys', () => {
  test('a camera-only user sees only 设备管理 › 摄像头 and gets 403 elsewhere', async ({ page }) => {
    await signIn(page, cameraOperator);
    const sider = siderOf(page);
    await sider.getByRole('menuitem', { name: '设备管理' }).click();
    await sider.getByRole('menuitem', { name: '摄像头' }).waitFor();
    const entries = await sider.getByRole('menuitem').allInnerTexts();
    expect(entries.map((text) => text.trim())).toEqual(['设备管理', '摄像头']);
    await screenshot(page, 'menu-camera-only');

    await sider.getByRole('menuitem', { name: '摄像头' }).click();
    await expectAt(page, '/equipment/camera');
    await screenshot(page, 'camera-screen');

    for (const forbidden of ['/equipment/aiserver', '/system']) {
      await page.goto(forbidden);
      await page.getByText('抱歉，您无权访问此页面').waitFor();
      await page.getByText('403', { exact: true }).waitFor();
      await expectAt(page, forbidden);
      await screenshot(page, `forbidden${forbidden.replaceAll('/', '-')}`);
    }
  });
});
