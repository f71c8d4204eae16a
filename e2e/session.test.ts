import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { securityHeaders } from '../src/generated/contract';
import { admin } from './accounts';
import { test } from './fixtures';
import {
  chooseFromAvatarMenu,
  expectAt,
  expectLoginPage,
  headerOf,
  screenshot,
  signIn,
  signInHere,
} from './screen';

// Spec §7: the console keeps the session token in localStorage under this key.
const tokenKey = 'CFOP_TOKEN';

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), tokenKey);
}

async function signedInToken(page: Page): Promise<string> {
  const token = await storedToken(page);
  if (token === null) throw new Error(`no ${tokenKey} in localStorage after signing in`);
  return token;
}

/** Calls the API outside the console, as another program holding the token would. */
async function callApi(page: Page, method: 'GET' | 'POST', path: string, token: string) {
  const response = await page.request.fetch(`/cfop${path}`, {
    method,
    headers: {
      [securityHeaders.clientType]: 'PC',
      [securityHeaders.clientHost]: new URL(page.url()).host,
      [securityHeaders.sessionToken]: token,
    },
  });
  return {
    status: response.status(),
    envelope: (await response.json()) as { success: boolean; code: string },
  };
}

describe('the session', () => {
  test('logging out from the avatar menu returns to the prior page after signing in again', async ({
    page,
  }) => {
    await signIn(page, admin);
    const prior = '/system/user?page=2&size=10';
    await page.goto(prior);
    await headerOf(page).getByText(admin.name, { exact: true }).waitFor();
    await chooseFromAvatarMenu(page, admin, '退出登录');
    expect(await expectLoginPage(page)).toBe(prior);
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, 'login-after-logout');
    await signInHere(page, admin);
    await expectAt(page, prior);
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
