import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { callApi, signedInToken } from './api';
import { test } from './fixtures';
import {
  chooseFromAvatarMenu,
  eventually,
  expectAt,
  expectLoginPage,
  headerOf,
  label,
  pathAndQuery,
  screenshot,
  siderOf,
  signIn,
  signInHere,
  storedToken,
  tokenKey,
} from './screen';

describe('the session', () => {
  test('logging out from the avatar menu returns to the prior page after signing in again', async ({
    page,
  }) => {
    await signIn(page, admin);
    // A group page: it keeps the query as it is (a list screen would tidy it).
    const prior = '/system?page=2&size=10';
    await page.goto(prior);
    await headerOf(page).getByText(admin.name, { exact: true }).waitFor();
    await chooseFromAvatarMenu(page, admin, '退出登录');
    expect(await expectLoginPage(page)).toBe(prior);
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, 'login-after-logout');
    await signInHere(page, admin);
    await expectAt(page, prior);
  });

  test('after logging out, the Back button meets the login page instead of the screen', async ({ page }) => {
    await signIn(page, admin);
    await siderOf(page).getByRole('menuitem', { name: '模型管理' }).click();
    const modelScreen = page.locator('.ant-card-head-title').getByText('模型', { exact: true });
    await modelScreen.waitFor();
    await chooseFromAvatarMenu(page, admin, '退出登录');
    expect(await expectLoginPage(page)).toBe('/model');

    // A page change without a reload: the guard, not the start-up check, sends the visitor back.
    await page.goBack();
    await eventually(() => pathAndQuery(page)).toBe('/user/login?redirect=%2Fmodel');
    await page.getByRole('button', { name: label('登录') }).waitFor();
    expect(await modelScreen.count()).toBe(0);
    expect(await headerOf(page).count()).toBe(0);
  });

  test('the API rejects a session token after logout', async ({ page }) => {
    await signIn(page, admin);
    const token = await signedInToken(page);
    expect((await callApi(page, 'GET', '/user/info', token)).envelope.code).toBe('0');

    await chooseFromAvatarMenu(page, admin, '退出登录');
    await expectLoginPage(page);
    expect(await callApi(page, 'GET', '/user/info', token)).toEqual({
      status: 401,
      envelope: expect.objectContaining({ success: false, code: '401' }),
    });
  });

  test('a stored token the server revoked sends the user to the login page at start-up', async ({ page }) => {
    await signIn(page, admin);
    const token = await signedInToken(page);
    expect((await callApi(page, 'POST', '/logout', token)).envelope.code).toBe('0');
    await page.goto('/system/role');
    expect(await expectLoginPage(page)).toBe('/system/role');
    await screenshot(page, 'login-after-revoked-token');
  });

  test('a bogus stored token sends the user to the login page at start-up', async ({ page }) => {
    await page.goto('/user/login');
    await page.evaluate((key) => localStorage.setItem(key, 'f'.repeat(64)), tokenKey);
    await page.goto('/home');
    expect(await expectLoginPage(page)).toBe('/home');
  });
});
