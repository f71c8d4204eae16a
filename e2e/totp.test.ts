import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject } from 'vitest';
import { admin, totpUser } from './accounts';
import { apiHeaders, signedInToken } from './api';
import { freshPage, test } from './fixtures';
import { answerConfirm, motionsDone, openScreen, rowOf } from './resource-screen';
import {
  chooseFromAvatarMenu,
  eventually,
  expectAt,
  expectLoginPage,
  headerOf,
  label,
  nextEnvelope,
  screenshot,
  signIn,
  submitPasswordForm,
} from './screen';

const codeField = '验证器中的 6 位验证码';

/**
 * The authenticator app of the test: codes of `secret`, never one of a step the server has already
 * accepted (it refuses a code twice). The server takes the step after the current one too, so the
 * next code is at most one step ahead.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  let lastStep = -1;
  return () => {
    const step = Math.max(totp.counter(), lastStep + 1);
    lastStep = step;
    return totp.generate({ timestamp: step * 30_000 });
  };
}

async function signOut(page: Page): Promise<void> {
  await chooseFromAvatarMenu(page, totpUser, '退出登录');
  await expectLoginPage(page);
}

/**
 * A retried attempt would find the account enrolled by the one before: an administrator resets its
 * second factor first, as for a lost device (a no-op on the first attempt).
 */
async function resetSecondFactor(browser: Browser): Promise<void> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await signIn(page, admin);
    const headers = apiHeaders(page, await signedInToken(page));
    const found = await page.request.get(`/cfop/users?username=${totpUser.username}`, { headers });
    const { items } = ((await found.json()) as { data: { items: { id: number; username: string }[] } }).data;
    const user = items.find((item) => item.username === totpUser.username);
    if (!user) throw new Error(`no user ${totpUser.username}`);
    const reset = await page.request.post(`/cfop/users/${user.id}/second-factor-reset`, { headers });
    expect(reset.status()).toBe(200);
  } finally {
    await context.close();
  }
}

describe('two-step verification', () => {
  test('enrols in 个人中心, signs in with password and code, and ends another session', async ({
    page,
    browser,
  }) => {
    await resetSecondFactor(browser);
    await signIn(page, totpUser);
    await chooseFromAvatarMenu(page, totpUser, '个人中心');
    await expectAt(page, '/user/personal');
    await page.getByRole('button', { name: label('设置验证器') }).click();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: '两步验证二维码' }).waitFor();
    await screenshot(page, 'totp-enrol');
    const nextCode = authenticator(secret);
    await page.getByLabel(codeField, { exact: true }).fill(nextCode());
    await page.getByRole('button', { name: label('确认开启') }).click();
    const codes = page.getByRole('list', { name: '恢复码' }).getByRole('listitem');
    await eventually(() => codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent()) ?? '';
    await screenshot(page, 'totp-recovery-codes');
    await page.getByRole('button', { name: label('完成') }).click();
    await eventually(() => page.getByText('剩余 10 个恢复码').count()).toBe(1);

    // The password alone no longer signs in: the card asks for the code.
    await signOut(page);
    // Straight to sign-in, not back to 个人中心 where signing out came from.
    await page.goto('/user/login');
    await submitPasswordForm(page, totpUser.username, totpUser.password);
    await page.getByLabel(codeField, { exact: true }).fill('000000');
    const wrong = nextEnvelope(page, '/login/second-factor');
    await page.getByRole('button', { name: label('登录') }).click();
    expect((await wrong).code).toBe('1004');
    await screenshot(page, 'totp-wrong-code');
    await page.getByLabel(codeField, { exact: true }).fill(nextCode());
    await page.getByRole('button', { name: label('登录') }).click();
    await expectAt(page, '/home');
    await headerOf(page).getByText(totpUser.name, { exact: true }).waitFor();

    // A second browser signs in with a recovery code.
    const other = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'zh-CN' });
    const otherPage = await other.newPage();
    await otherPage.goto('/user/login');
    await submitPasswordForm(otherPage, totpUser.username, totpUser.password);
    await otherPage.getByRole('button', { name: label('使用恢复码') }).click();
    await otherPage.getByLabel('恢复码', { exact: true }).fill(recoveryCode);
    await screenshot(otherPage, 'totp-recovery-sign-in');
    await otherPage.getByRole('button', { name: label('登录') }).click();
    await expectAt(otherPage, '/home');

    // The first browser ends it from the session list; the second is signed out on its next call.
    await chooseFromAvatarMenu(page, totpUser, '个人中心');
    const rows = page.getByRole('list', { name: '登录会话' }).getByRole('listitem');
    await eventually(() => rows.count()).toBe(2);
    await screenshot(page, 'totp-sessions');
    const otherRow = rows.filter({ hasNotText: '当前会话' });
    await otherRow.getByRole('button', { name: label('结束此会话') }).click();
    await otherRow.getByRole('button', { name: label('确定') }).click();
    await eventually(() => rows.count()).toBe(1);
    await otherPage.reload();
    await expectLoginPage(otherPage);
    await screenshot(otherPage, 'totp-ended-session');
    await other.close();

    // The phone is lost: an administrator resets the second factor on 用户管理, and the password
    // alone signs in again.
    const adminPage = await freshPage(browser);
    await signIn(adminPage, admin);
    await openScreen(adminPage, `/system/user?username=${totpUser.username}`);
    await rowOf(adminPage, totpUser.username).getByRole('button', { name: '更多' }).click();
    await adminPage.getByRole('menuitem', { name: '重置两步验证' }).click();
    await adminPage.locator('.ant-modal-confirm').filter({ hasText: '用于设备丢失' }).waitFor();
    await motionsDone(adminPage);
    await screenshot(adminPage, 'totp-admin-reset');
    await answerConfirm(adminPage, '用于设备丢失');
    await adminPage.getByText('操作成功', { exact: true }).waitFor();
    await adminPage.context().close();
    await signOut(page);
    await page.goto('/user/login');
    await submitPasswordForm(page, totpUser.username, totpUser.password);
    await expectAt(page, '/home');
  });
});
