import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import { latestSmsCode } from './sms-outbox';
import {
  errorToast,
  eventually,
  expectAt,
  fieldDescription,
  expectLoginPage,
  headerOf,
  label,
  nextEnvelope,
  screenshot,
  siderOf,
  signInHere,
  storedToken,
  submitPasswordForm,
} from './screen';

const mainMenu = [
  { name: '设备管理', icon: 'apartment' },
  { name: '模型管理', icon: 'aim' },
  { name: '出入管理', icon: 'field-number' },
  { name: '监控中心', icon: 'monitor' },
  { name: '数据分析', icon: 'database' },
  { name: '系统设置', icon: 'setting' },
];

describe('signing in', () => {
  test('by password as admin lands on the home page inside the shell', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByRole('tab', { name: '账号密码登录', selected: true }).waitFor();
    await screenshot(page, 'login-password-tab');
    await signInHere(page, admin);
    await expectAt(page, '/home');

    const header = headerOf(page);
    await header.getByText('运营平台', { exact: true }).waitFor();
    const moduleTab = header.getByRole('menuitem', { name: '智能监控' });
    expect(await moduleTab.getAttribute('class')).toContain('ant-menu-item-selected');

    const sider = siderOf(page);
    for (const entry of mainMenu) {
      await sider
        .getByRole('menuitem', { name: entry.name })
        .getByRole('img', { name: entry.icon })
        .waitFor();
    }
    expect(await sider.getByRole('menuitem').count()).toBe(mainMenu.length);
    await page.getByRole('heading', { name: new RegExp(`，${admin.name}$`) }).waitFor();
    await page.getByText('欢迎使用运营平台').waitFor();
    await screenshot(page, 'home-admin');
  });

  test('with a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await page.goto('/user/login');
    const answer = nextEnvelope(page, '/login/bypwd');
    await submitPasswordForm(page, admin.username, 'not-the-password-1');
    const envelope = await answer;
    expect(envelope.code).toBe('1001');
    await errorToast(page, envelope.msg).waitFor();
    await expectAt(page, '/user/login');
    await screenshot(page, 'login-wrong-password');
  });

  test('with empty fields shows a message under each field and sends nothing', async ({ page }) => {
    await page.goto('/user/login');
    let loginCalls = 0;
    page.on('request', (request) => {
      // A sign-in is a POST; the page's own ask for the ways to sign in is not one.
      if (request.method() === 'POST' && request.url().includes('/cfop/login/')) loginCalls += 1;
    });
    await page.getByRole('button', { name: label('登录') }).click();
    await eventually(() => fieldDescription(page, '用户名')).toBe('请输入用户名');
    await eventually(() => fieldDescription(page, '密码')).toBe('请输入密码');
    await expectAt(page, '/user/login');
    expect(loginCalls).toBe(0);
    await screenshot(page, 'login-empty-fields');
  });

  test('by SMS code read from the outbox', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByLabel('手机号', { exact: true }).fill(admin.phone);
    await page.getByRole('button', { name: label('获取验证码') }).click();
    // By its text: while the request runs the button's accessible name also holds antd's "loading" icon.
    const countdown = page.getByRole('button').filter({ hasText: /^\d+秒后重试$/ });
    const secondsLeft = async () => Number((await countdown.innerText()).match(/\d+/)?.[0]);
    const firstReading = await secondsLeft();
    expect(await countdown.isDisabled()).toBe(true);
    await eventually(secondsLeft, 'the countdown ticking').toBeLessThan(firstReading);
    await screenshot(page, 'login-sms-countdown');

    await page
      .getByLabel('验证码', { exact: true })
      .fill(await latestSmsCode(inject('dataDir'), admin.phone));
    await page.getByRole('button', { name: label('登录') }).click();
    await headerOf(page).getByText(admin.name, { exact: true }).waitFor();
    await expectAt(page, '/home');
  });

  test('without a session, a deep link goes to the login page and back after signing in', async ({
    page,
  }) => {
    await page.goto('/system/user');
    expect(await expectLoginPage(page)).toBe('/system/user');
    await screenshot(page, 'login-with-redirect');
    await signInHere(page, admin);
    await expectAt(page, '/system/user');
  });

  describe('before the console has started', () => {
    /** Opens the login page with the console's entry script held back until the answer is called. */
    async function openWithConsoleHeld(page: Page): Promise<() => void> {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // The script sent with the page comes late, as on a slow link: the page waits for it, so no
      // press comes before it listens.
      await page.route(/\/assets\/early-sign-in-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      // Not waiting for the load: the held module script delays it.
      await page.goto('/user/login', { waitUntil: 'commit' });
      await page.locator('#cfop-prerendered').waitFor();
      return release;
    }

    test('the sent page takes typing and Enter, and the console signs in with them', async ({ page }) => {
      const release = await openWithConsoleHeld(page);
      const username = page.getByLabel('用户名', { exact: true });
      await eventually(() => username.evaluate((field) => field === document.activeElement)).toBe(true);
      await page.keyboard.type(admin.username);
      await page.keyboard.press('Tab');
      await page.keyboard.type(admin.password);
      await screenshot(page, 'login-sent-page-typed');
      await page.keyboard.press('Enter');
      expect(await storedToken(page)).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/user/login');

      release();
      await headerOf(page).getByText(admin.name, { exact: true }).waitFor();
      await expectAt(page, '/home');
      expect(await page.locator('#cfop-prerendered').count()).toBe(0);
    });

    test("typing goes on in the console's form where it stopped", async ({ page }) => {
      const release = await openWithConsoleHeld(page);
      await page.getByLabel('用户名', { exact: true }).fill('adm');
      const password = page.getByLabel('密码', { exact: true });
      await password.fill('secret');
      await password.press('ArrowLeft');
      release();
      await page.locator('#cfop-prerendered').waitFor({ state: 'detached' });
      await page.keyboard.type('X');
      expect(await password.inputValue()).toBe('secreXt');
      expect(await page.getByLabel('用户名', { exact: true }).inputValue()).toBe('adm');
      await screenshot(page, 'login-sent-page-taken-over');
      const sent = page.waitForRequest((request) => request.url().endsWith('/cfop/login/bypwd'));
      await page.keyboard.press('Enter');
      expect((await sent).postDataJSON()).toEqual({ username: 'adm', password: 'secreXt' });
    });

    test("a tab chosen there is the console's tab", async ({ page }) => {
      const release = await openWithConsoleHeld(page);
      await page.getByRole('tab', { name: '手机号登录' }).click();
      release();
      await page.getByLabel('手机号', { exact: true }).waitFor();
      expect(await page.getByRole('tab', { name: '手机号登录' }).getAttribute('aria-selected')).toBe('true');
    });
  });
});
