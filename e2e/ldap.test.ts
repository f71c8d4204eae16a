import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { peopleBase, rootDn, rootPassword, startSlapd, type Slapd } from '../server/test-support/slapd';
import { startServer, type RunningServer } from '../test-support/server-process';
import { scaled } from '../test-support/test-timeouts';
import { admin, type Account } from './accounts';
import { artifactPath } from './artifacts';
import { freshPage, test } from './fixtures';
import { choose, chooseReference, createThroughApi, drawerTitled, rowOf } from './resource-screen';
import {
  chooseFromAvatarMenu,
  errorToast,
  expectAt,
  expectLoginPage,
  label,
  nextEnvelope,
  screenshot,
  siderOf,
  signIn,
  signInHere,
  submitPasswordForm,
} from './screen';

// A console server of its own signing people in against Debian's slapd on loopback: the directory
// group mapping screen, then a directory user's sign-in, menu and sign-out in the browser.

const dora: Account = {
  username: 'dora',
  password: 'Dora-directory-1',
  name: 'Dora Chen',
  phone: '13800000099',
};

let dir: string;
let slapd: Slapd;
let server: RunningServer;
let operatorsDn: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cfop-e2e-ldap-'));
  slapd = await startSlapd(join(dir, 'slapd'));
  const doraDn = await slapd.addPerson({ uid: dora.username, password: dora.password, cn: dora.name });
  const carolDn = await slapd.addPerson({ uid: 'carol', password: 'Carol-directory-1', cn: 'Carol' });
  operatorsDn = await slapd.addGroup('video-operators', [doraDn]);
  await slapd.addGroup('visitors', [carolDn]);
  server = await startServer(
    {
      DATA_DIR: join(dir, 'data'),
      CFOP_ADMIN_PASSWORD: admin.password,
      CFOP_LDAP_URL: slapd.url,
      CFOP_LDAP_BIND_DN: rootDn,
      CFOP_LDAP_BIND_PASSWORD: rootPassword,
      CFOP_LDAP_USER_BASE: peopleBase,
    },
    artifactPath('ldap-server.log'),
  );
}, scaled(60_000));

afterAll(async () => {
  await server?.stop();
  await slapd?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('directory sign-in (LDAP)', () => {
  test(
    'admin maps a directory group to a role; its member signs in, sees that role’s menu and signs out',
    { timeout: scaled(90_000) },
    async ({ browser }) => {
      const page = await freshPage(browser, server.url);
      await signIn(page, admin);
      const role = await createThroughApi<{ id: number; name: string }>(page, '/roles', {
        code: 'video-watch',
        name: '视频值守',
        accessKeys: ['KEY.CENTER', 'KEY.CENTER.VIDEO'],
      });

      await page.goto('/system/directory-groups');
      await page.locator('.ant-table').waitFor();
      await page.getByRole('button', { name: '新增' }).first().click();
      const drawer = drawerTitled(page, '新增目录组映射');
      await choose(drawer, '身份来源', 'LDAP 目录');
      await drawer.getByLabel('目录组', { exact: true }).fill(operatorsDn);
      await chooseReference(drawer, '角色', role.name);
      await screenshot(page, 'directory-group-mapping-form');
      await drawer.getByRole('button', { name: label('保存') }).click();
      await page.getByText('已新增', { exact: true }).waitFor();
      await expect(rowOf(page, operatorsDn).innerText()).resolves.toContain(role.name);
      await screenshot(page, 'directory-group-mapping-list');
      await chooseFromAvatarMenu(page, admin, '退出登录');
      await expectLoginPage(page);

      await submitPasswordForm(page, 'carol', 'Carol-directory-1');
      await errorToast(page, '您所在的目录组未映射到任何角色，请联系管理员').waitFor();
      await screenshot(page, 'login-directory-group-unmapped');

      await page.goto('/user/login');
      const answer = nextEnvelope(page, '/login/bypwd');
      await signInHere(page, dora);
      expect((await answer).code).toBe('0');
      await expectAt(page, '/home');
      const sider = siderOf(page);
      await sider.getByRole('menuitem', { name: '监控中心' }).waitFor();
      expect(await sider.getByRole('menuitem').allInnerTexts()).toEqual(['监控中心']);
      await screenshot(page, 'home-directory-user');
      await chooseFromAvatarMenu(page, dora, '退出登录');
      await expectLoginPage(page);
      await page.context().close();
    },
  );
});
