import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startServer, type RunningServer } from '../test-support/server-process';
import { admin } from './accounts';
import { artifactPath } from './artifacts';
import { test } from './fixtures';
import { choose, createThroughApi, drawerTitled, rowOf } from './resource-screen';
import {
  errorToast,
  eventually,
  headerOf,
  openMenuEntry,
  recordToasts,
  screenshot,
  siderOf,
  signIn,
} from './screen';
import { scaled } from '../test-support/test-timeouts';

// This file stops and starts a server of its own: the shared one serves the other files meanwhile.
let dataDir = '';
let server: RunningServer | undefined;
let serverEnv: Record<string, string> = {};
let starts = 0;

async function startOwnServer(): Promise<void> {
  starts += 1;
  server = await startServer(serverEnv, artifactPath(`outage-server-${starts}.log`));
}

async function stopOwnServer(): Promise<void> {
  await server?.stop();
  server = undefined;
}

/** The server's address, on the same port from the first start on. */
function serverUrl(): string {
  return `http://127.0.0.1:${serverEnv.PORT}`;
}

/** A signed-in console on this file's server; a failed test leaves its screen behind to look at. */
async function withConsole(
  browser: Browser,
  name: string,
  steps: (page: Page) => Promise<void>,
): Promise<void> {
  // A test that failed during its outage left the server stopped.
  if (!server) await startOwnServer();
  const context = await browser.newContext({ baseURL: serverUrl(), locale: 'zh-CN' });
  context.setDefaultTimeout(scaled(15_000));
  const page = await context.newPage();
  try {
    await signIn(page, admin);
    await steps(page);
  } catch (error) {
    await screenshot(page, `FAILED outage ${name}`);
    throw error;
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cfop-e2e-outage-'));
  serverEnv = {
    DATA_DIR: dataDir,
    CFOP_ADMIN_PASSWORD: admin.password,
    CFOP_ADMIN_PHONE: admin.phone,
    NODE_ENV: 'test',
  };
  await startOwnServer();
  // Started again on the same port, where the open console looks for it.
  serverEnv = { ...serverEnv, PORT: new URL(server?.url ?? '').port };
});

afterAll(async () => {
  await stopOwnServer();
  await rm(dataDir, { recursive: true, force: true });
});

const staleText = '刷新失败，显示的是上次加载的数据';
const banner = { zh: '与服务器的连接已中断，正在重连…', en: 'Connection to the server lost, reconnecting…' };

function bannerOf(page: Page, text: string) {
  return page.locator('.cfop-connection-banner', { hasText: text });
}

/** The console's own calls fail as if the server were still gone, until the answer is called. */
async function holdConsoleOffline(page: Page): Promise<() => Promise<void>> {
  const calls = '**/cfop/**';
  await page.route(calls, (route) => route.abort('connectionrefused'));
  return () => page.unroute(calls);
}

/** Every toast recorded so far (at least one) reads `text`, in one language. */
async function onlyToasts(toasts: () => Promise<string[]>, text: string): Promise<void> {
  await eventually(async () => (await toasts()).length > 0).toBe(true);
  expect(new Set(await toasts())).toEqual(new Set([text]));
}

async function noErrorPage(page: Page): Promise<void> {
  expect(await page.getByText('页面出错了').count()).toBe(0);
  expect(await page.getByText('Something went wrong on this page').count()).toBe(0);
}

describe('a server outage', () => {
  test('lists keep their rows, every screen shows one banner, and all resumes by itself', async ({
    browser,
  }) => {
    await withConsole(browser, 'screens', async (page) => {
      // Names of this try's own: a retry runs on the same database.
      const run = Date.now().toString(36).slice(-5);
      const before = `停机前员工${run}`;
      const after = `恢复后员工${run}`;
      await createThroughApi(page, '/staff', { employeeNo: `B${run}`, name: before, gender: 'male' });
      // Every screen of the outage is opened first: the server serves the console's code too.
      await openMenuEntry(page, '数据分析', '运营看板', '/data/operations');
      await page.getByText('统计时段：').waitFor();
      await openMenuEntry(page, '监控中心', 'AI告警', '/monitor/ai');
      await page.getByText('实时推送中').waitFor();
      await openMenuEntry(page, '出入管理', '员工管理', '/door/staff');
      await rowOf(page, before).waitFor();

      await stopOwnServer();
      const toasts = await recordToasts(page);
      await page.getByRole('button', { name: '刷新' }).click();
      await bannerOf(page, banner.zh).waitFor();
      await page.getByText(staleText).waitFor();
      await rowOf(page, before).waitFor();
      await errorToast(page, '网络无响应，请重试').waitFor();
      await onlyToasts(toasts, '网络无响应，请重试');
      await screenshot(page, 'outage-list-banner');

      await openMenuEntry(page, '数据分析', '运营看板', '/data/operations');
      await bannerOf(page, banner.zh).waitFor();
      await page.getByText('统计时段：').waitFor();
      await openMenuEntry(page, '监控中心', 'AI告警', '/monitor/ai');
      await bannerOf(page, banner.zh).waitFor();
      await page.getByText('连接中断，正在重连…').waitFor();
      await noErrorPage(page);
      await openMenuEntry(page, '出入管理', '员工管理', '/door/staff');
      await bannerOf(page, banner.zh).waitFor();

      // The console stays offline until the server has news for it: its return is what shows them.
      const goOnline = await holdConsoleOffline(page);
      await startOwnServer();
      await createThroughApi(page, '/staff', { employeeNo: `A${run}`, name: after, gender: 'female' });
      await goOnline();
      await bannerOf(page, banner.zh).waitFor({ state: 'detached' });
      await rowOf(page, after).waitFor();
      await page.getByText(staleText).waitFor({ state: 'detached' });

      const dashboard = page.waitForResponse((response) =>
        response.url().includes('/cfop/analysis/operations'),
      );
      await openMenuEntry(page, '数据分析', '运营看板', '/data/operations');
      expect((await dashboard).status()).toBe(200);
      await openMenuEntry(page, '监控中心', 'AI告警', '/monitor/ai');
      await page.getByText('实时推送中').waitFor();
      await noErrorPage(page);
      await screenshot(page, 'outage-over');
    });
  });

  test('a form keeps its input through an outage and saves when asked again', async ({ browser }) => {
    await withConsole(browser, 'form', async (page) => {
      await openMenuEntry(page, '出入管理', '员工管理', '/door/staff');
      await page.getByRole('button', { name: '新增' }).first().click();
      const create = drawerTitled(page, '新增员工');
      await create.getByLabel('工号', { exact: true }).fill('D1');
      await create.getByLabel('姓名', { exact: true }).fill('停机时录入');
      await choose(create, '性别', '女');

      await stopOwnServer();
      const toasts = await recordToasts(page);
      await create.getByRole('button', { name: /保\s*存\s*$/ }).click();
      await bannerOf(page, banner.zh).waitFor();
      await onlyToasts(toasts, '网络无响应，请重试');
      await noErrorPage(page);
      expect(await create.getByLabel('工号', { exact: true }).inputValue()).toBe('D1');
      expect(await create.getByLabel('姓名', { exact: true }).inputValue()).toBe('停机时录入');
      await screenshot(page, 'outage-form-kept');

      await startOwnServer();
      await bannerOf(page, banner.zh).waitFor({ state: 'detached' });
      await create.getByRole('button', { name: /保\s*存\s*$/ }).click();
      await page.getByText('已新增', { exact: true }).waitFor();
      await rowOf(page, '停机时录入').waitFor();
    });
  });

  test('the banner and the toast speak English alone in English', async ({ browser }) => {
    await withConsole(browser, 'english', async (page) => {
      await headerOf(page).getByRole('button', { name: 'English' }).click();
      await siderOf(page).getByRole('menuitem', { name: 'Entry & exit' }).waitFor();
      await openMenuEntry(page, 'Entry & exit', 'Staff', '/door/staff');
      await page.locator('.ant-table').waitFor();

      await stopOwnServer();
      const toasts = await recordToasts(page);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await bannerOf(page, banner.en).waitFor();
      await errorToast(page, 'None response! Please retry.').waitFor();
      await onlyToasts(toasts, 'None response! Please retry.');
      await screenshot(page, 'outage-banner-english');

      await startOwnServer();
      await bannerOf(page, banner.en).waitFor({ state: 'detached' });
      await noErrorPage(page);
    });
  });
});
