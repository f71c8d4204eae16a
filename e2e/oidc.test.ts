import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../server/test-support/oidc-provider';
import { freeLoopbackPort, startServer, type RunningServer } from '../test-support/server-process';
import { scaled } from '../test-support/test-timeouts';
import { admin, type Account } from './accounts';
import { artifactPath } from './artifacts';
import { freshPage, test } from './fixtures';
import { createThroughApi } from './resource-screen';
import {
  chooseFromAvatarMenu,
  errorToast,
  expectAt,
  expectLoginPage,
  screenshot,
  siderOf,
  signIn,
} from './screen';

// A console server of its own signing people in through oidc-provider on loopback: the login
// page's 使用企业账号登录, the provider's sign-in form, back to /home with the mapped role's menu, and
// signing out at the provider too.

const erin: Account = {
  username: 'erin',
  password: 'at-the-provider',
  name: 'Erin Wu',
  phone: '13800000098',
};

let dir: string;
let provider: TestOidcProvider;
let server: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cfop-e2e-oidc-'));
  const port = await freeLoopbackPort();
  const consoleUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(`${consoleUrl}/cfop/login/oidc/callback`, `${consoleUrl}/user/login`);
  provider.people.set('erin', {
    sub: 'erin',
    preferred_username: 'erin',
    name: erin.name,
    groups: ['video-operators'],
  });
  provider.people.set('carol', { sub: 'carol', preferred_username: 'carol', groups: ['visitors'] });
  server = await startServer(
    {
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      CFOP_ADMIN_PASSWORD: admin.password,
      CFOP_OIDC_ISSUER: provider.issuer,
      CFOP_OIDC_CLIENT_ID: provider.clientId,
      CFOP_OIDC_CLIENT_SECRET: provider.clientSecret,
      CFOP_OIDC_REDIRECT_URI: `${consoleUrl}/cfop/login/oidc/callback`,
      CFOP_OIDC_PROVIDER_NAME: 'Example SSO',
    },
    artifactPath('oidc-server.log'),
  );
}, scaled(60_000));

afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** From the console's login page through the provider's development sign-in form. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: '使用企业账号登录' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('at-the-provider');
  await screenshot(page, `oidc-provider-sign-in-${login}`);
  await page.locator('button[type="submit"]').click();
}

describe('single sign-on (OpenID Connect)', () => {
  test(
    'a member of a mapped group signs in at the provider, sees that role’s menu and signs out there too',
    { timeout: scaled(90_000) },
    async ({ browser }) => {
      const page = await freshPage(browser, server.url);
      await signIn(page, admin);
      const role = await createThroughApi<{ id: number }>(page, '/roles', {
        code: 'video-watch',
        name: '视频值守',
        accessKeys: ['KEY.CENTER', 'KEY.CENTER.VIDEO'],
      });
      await createThroughApi(page, '/directory-group-mappings', {
        provider: 'oidc',
        groupName: 'video-operators',
        roleId: role.id,
      });
      await chooseFromAvatarMenu(page, admin, '退出登录');
      await expectLoginPage(page);
      await page.getByRole('link', { name: '使用企业账号登录' }).waitFor();
      await screenshot(page, 'login-single-sign-on');

      await signInAtProvider(page, 'carol');
      await errorToast(page, '您所在的目录组未映射到任何角色，请联系管理员').waitFor();
      await screenshot(page, 'login-single-sign-on-unmapped');
      expect(new URL(page.url()).searchParams.get('sso')).toBeNull();

      // Carol's provider session is open: a new context is a new browser, as Erin's would be.
      await page.context().close();
      const erinPage = await freshPage(browser, server.url);
      await erinPage.goto('/user/login');
      await signInAtProvider(erinPage, 'erin');
      await expectAt(erinPage, '/home');
      const sider = siderOf(erinPage);
      await sider.getByRole('menuitem', { name: '监控中心' }).waitFor();
      expect(await sider.getByRole('menuitem').allInnerTexts()).toEqual(['监控中心']);
      await screenshot(erinPage, 'home-single-sign-on-user');

      await chooseFromAvatarMenu(erinPage, erin, '退出登录');
      // The provider asks to confirm signing out of it, then sends the browser back to the login page.
      await erinPage.waitForURL((url) => url.origin === provider.issuer);
      await screenshot(erinPage, 'oidc-provider-sign-out');
      await erinPage.getByRole('button', { name: 'Yes, sign me out' }).click();
      await expectLoginPage(erinPage);
      // Its session ended there too: the button asks who signs in, rather than signing Erin in again.
      await erinPage.getByRole('link', { name: '使用企业账号登录' }).click();
      await erinPage.locator('input[name="login"]').waitFor();
      await erinPage.context().close();
    },
  );
});
