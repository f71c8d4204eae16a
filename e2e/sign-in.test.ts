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
      if (request.url().includes('/cfop/login/')) loginCalls += 1;
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
});
