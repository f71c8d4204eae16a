import type { Page, Request, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { securityHeaders } from '../src/generated/contract';
import { admin } from './accounts';
import { callApi, signedInToken } from './api';
import { test } from './fixtures';
import {
  chooseFromAvatarMenu,
  errorToast,
  eventually,
  expectAt,
  expectLoginPage,
  fieldDescription,
  headerOf,
  nextEnvelope,
  recordToasts,
  screenshot,
  signInHere,
  storedToken,
  tokenKey,
} from './screen';

interface SeenCall {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
}

/** Every fetch the page makes, with the headers Chromium really sent. */
function recordCalls(page: Page): () => Promise<SeenCall[]> {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') requests.push(request);
  });
  return () =>
    Promise.all(
      requests.map(async (request) => ({
        method: request.method(),
        path: new URL(request.url()).pathname,
        headers: await request.allHeaders(),
      })),
    );
}

/** Opens `path` holding a stored token the server never issued, so the console fetches the user at start-up. */
async function startWithStoredToken(page: Page, path: string): Promise<void> {
  await page.goto('/user/login');
  await page.evaluate((key) => localStorage.setItem(key, 'f'.repeat(64)), tokenKey);
  await page.goto(path);
}

const header = {
  clientType: securityHeaders.clientType.toLowerCase(),
  clientHost: securityHeaders.clientHost.toLowerCase(),
  sessionToken: securityHeaders.sessionToken.toLowerCase(),
};

describe('calls to the server', () => {
  test('go to /cfop with the client type PC, the page host and, once signed in, the session token', async ({
    page,
  }) => {
    const calls = recordCalls(page);
    await page.goto('/user/login');
    await signInHere(page, admin);
    const token = await signedInToken(page);
    // A group page, which calls nothing of its own.
    await page.goto('/system');
    await headerOf(page).getByText(admin.name, { exact: true }).waitFor();
    await chooseFromAvatarMenu(page, admin, '退出登录');
    await expectLoginPage(page);
    const host = new URL(page.url()).host;

    const seen = await calls();
    // The header bell's calls (the live stream, the pending counts read as it opens) come whenever
    // the stream opens, perhaps around the sign-out: their headers count, not their order.
    const bellPaths = ['/cfop/events/stream', '/cfop/alerts'];
    // So do the home page's status and setup reads, where signing in lands.
    const homePaths = ['/cfop/aiservers', '/cfop/cameras', '/cfop/notify-rules', '/cfop/recordings/usage'];
    // And the login page's ask for the ways to sign in (single sign-on), each time it shows.
    const loginPagePaths = ['/cfop/login/options'];
    const screens = seen.filter(
      (call) => ![...bellPaths, ...homePaths, ...loginPagePaths].includes(call.path),
    );
    expect(screens.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /cfop/login/bypwd',
      'GET /cfop/user/info',
      'GET /cfop/user/info',
      'POST /cfop/logout',
    ]);
    for (const call of seen) {
      expect(call.headers[header.clientType], call.path).toBe('PC');
      expect(call.headers[header.clientHost], call.path).toBe(host);
    }
    const [login, ...signedIn] = screens;
    expect(login?.headers[header.sessionToken]).toBeUndefined();
    expect(signedIn.map((call) => call.headers[header.sessionToken])).toEqual([token, token, token]);
  });

  test('a business error naming a form field shows under it with no toast; a 401 says 登陆已过期 and opens the login page', async ({
    page,
  }) => {
    await page.goto('/user/personal');
    await expectLoginPage(page);
    await signInHere(page, admin);
    await expectAt(page, '/user/personal');
    const changeButton = page.getByRole('button', { name: '修改密码' });
    // A wrong current password: the server refuses naming the field, the form says so under it
    // and no toast repeats it; nothing changes.
    const toasts = await recordToasts(page);
    await page.getByLabel('原密码', { exact: true }).fill('Not-the-password-1');
    await page.getByLabel('新密码', { exact: true }).fill('Another-e2e-2025');
    await page.getByLabel('确认新密码', { exact: true }).fill('Another-e2e-2025');
    const refused = nextEnvelope(page, '/user/modify/password');
    await changeButton.click();
    const envelope = await refused;
    expect(envelope).toMatchObject({ success: false, code: '1003' });
    await eventually(() => fieldDescription(page, '原密码')).toBe(envelope.msg);
    await expectAt(page, '/user/personal');

    // The server ends the session behind the console's back; its next call meets a 401.
    expect((await callApi(page, 'POST', '/logout', await signedInToken(page))).envelope.code).toBe('0');
    const expired = nextEnvelope(page, '/user/modify/password');
    await changeButton.click();
    expect(await expired).toMatchObject({ success: false, code: '401' });
    await errorToast(page, '登陆已过期').waitFor();
    expect(await toasts()).toEqual(['登陆已过期']);
    expect(await expectLoginPage(page)).toBe('/user/personal');
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, 'login-after-session-expired');
  });

  // Answers the real server never gives: page.route stands in for a proxy or a broken network.
  const failures: {
    readonly name: string;
    readonly answer: (route: Route) => Promise<void>;
    readonly toast: string;
    readonly screenshot: string;
  }[] = [
    {
      name: 'an error answer that is no envelope shows its text',
      answer: (route) =>
        route.fulfill({
          status: 502,
          contentType: 'text/plain',
          body: 'upstream cfop-api unreachable (502)',
        }),
      toast: 'upstream cfop-api unreachable (502)',
      screenshot: 'response-text',
    },
    {
      name: 'a call without any answer shows 网络无响应，请重试 (None response! Please retry.)',
      answer: (route) => route.abort('connectionreset'),
      toast: '网络无响应，请重试',
      screenshot: 'no-response',
    },
    {
      name: 'an answer the console cannot read shows 请求错误，请重试 (Request error, please retry.)',
      answer: (route) => route.fulfill({ status: 200, json: { status: 'ok' } }),
      toast: '请求错误，请重试',
      screenshot: 'request-error',
    },
  ];
  for (const failure of failures) {
    test(`${failure.name}, and the failed start-up fetch opens the login page`, async ({ page }) => {
      await page.route('**/cfop/user/info', failure.answer);
      await startWithStoredToken(page, '/monitor/video');
      await errorToast(page, failure.toast).waitFor();
      expect(await expectLoginPage(page)).toBe('/monitor/video');
      await screenshot(page, `toast-${failure.screenshot}`);
    });
  }
});
