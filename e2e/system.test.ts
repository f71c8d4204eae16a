import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin, type Account } from './accounts';
import { apiHeaders, callApi, signedInToken } from './api';
import { freshPage, test } from './fixtures';
import {
  answerConfirm,
  choose,
  chooseReference,
  createThroughApi,
  deleteRow,
  drawerTitled,
  exportCsv,
  rowOf,
  search,
  unique,
} from './resource-screen';
import {
  errorToast,
  eventually,
  expectAt,
  expectLoginPage,
  label,
  openMenuEntry,
  screenshot,
  siderOf,
  signIn,
  submitPasswordForm,
} from './screen';

const rolePath = '/system/role';
const userPath = '/system/user';

/** The checkbox of an access key in the role form's tree, by its label. */
function keyBox(drawer: Locator, keyLabel: string): Locator {
  return drawer.getByRole('group', { name: '权限' }).getByRole('checkbox', { name: keyLabel, exact: true });
}

function isHalfChecked(box: Locator): Promise<boolean> {
  return box.evaluate((input) => (input as HTMLInputElement).indeterminate);
}

async function openScreen(page: Page, path: string, query = ''): Promise<void> {
  await page.goto(path + query);
  await page.locator('.ant-table:visible').waitFor();
  await eventually(() => page.locator('.ant-spin-spinning:visible').count()).toBe(0);
}

describe('the role screen', () => {
  test('admin ticks keys in the tree, then finds, edits, views, exports and deletes the role', async ({
    page,
  }) => {
    const code = unique('watch-');
    const name = `值班-${code}`;
    await signIn(page, admin);
    await openMenuEntry(page, '系统设置', '角色管理', rolePath);

    await page.getByRole('button', { name: '新增' }).first().click();
    const create = drawerTitled(page, '新增角色');
    await create.getByLabel('角色名称', { exact: true }).fill(name);
    await create.getByLabel('角色编码', { exact: true }).fill(code);
    await create.getByLabel('描述', { exact: true }).fill('夜间值班，只看视频');
    await keyBox(create, '视频监控').check();
    expect(await isHalfChecked(keyBox(create, '监控中心'))).toBe(true);
    await expect(keyBox(create, '监控中心').isChecked()).resolves.toBe(false);
    await expect(keyBox(create, 'AI告警').isChecked()).resolves.toBe(false);
    // Checking a parent checks everything below it.
    await keyBox(create, '设备管理').check();
    await expect(keyBox(create, 'AI服务器').isChecked()).resolves.toBe(true);
    await expect(keyBox(create, '摄像头').isChecked()).resolves.toBe(true);
    expect(await isHalfChecked(keyBox(create, '设备管理'))).toBe(false);
    await screenshot(page, 'role-form-tree');
    await create.getByRole('button', { name: label('保存') }).click();
    await page.getByText('已新增', { exact: true }).waitFor();
    await rowOf(page, code).waitFor();
    await expect(rowOf(page, code).innerText()).resolves.toContain('夜间值班');
    await screenshot(page, 'role-list');

    await search(page, '角色编码', code);
    await expectAt(page, `${rolePath}?code=${code}`);
    await eventually(() => page.locator('.ant-table-row:visible').count()).toBe(1);

    await rowOf(page, code)
      .getByRole('button', { name: label('编辑') })
      .click();
    const edit = drawerTitled(page, '编辑角色');
    await expect(edit.getByLabel('角色名称', { exact: true }).inputValue()).resolves.toBe(name);
    expect(await isHalfChecked(keyBox(edit, '监控中心'))).toBe(true);
    await keyBox(edit, '摄像头').uncheck();
    expect(await isHalfChecked(keyBox(edit, '设备管理'))).toBe(true);
    await edit.getByRole('button', { name: label('保存') }).click();
    await page.getByText('已保存', { exact: true }).waitFor();

    await rowOf(page, code)
      .getByRole('button', { name: label('详情') })
      .click();
    const detail = drawerTitled(page, '角色详情');
    // 设备管理 ticked whole, then 摄像头 unticked: its siblings stay.
    for (const key of ['设备管理', 'AI服务器', '云台控制', '摄像头分组', '监控中心', '视频监控']) {
      await detail.getByText(key, { exact: true }).waitFor();
    }
    await expect(detail.getByText('摄像头', { exact: true }).count()).resolves.toBe(0);
    await screenshot(page, 'role-detail');
    await detail.getByRole('button', { name: '关闭' }).click();
    await detail.waitFor({ state: 'hidden' });

    const { name: fileName, text: csv } = await exportCsv(page);
    expect(fileName).toMatch(/^roles-\d{8}-\d{4}\.csv$/);
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `${name},${code},夜间值班，只看视频,"设备管理, AI服务器, 云台控制, 摄像头分组, 监控中心, 视频监控"`,
    );

    await deleteRow(page, code);
    await page.getByText('已删除', { exact: true }).waitFor();
    await page.getByText('没有符合条件的记录').waitFor();
  });

  test('a role users hold, and the built-in one, are not deleted: the screen says why', async ({ page }) => {
    const code = unique('held-');
    await signIn(page, admin);
    const role = await createThroughApi<{ id: number }>(page, '/roles', {
      code,
      name: `在用-${code}`,
      accessKeys: ['KEY.MODEL'],
    });
    await createThroughApi<{ id: number }>(page, '/users', {
      username: unique('holder-'),
      name: '持有者',
      phone: null,
      email: null,
      status: 'enabled',
      roleIds: [role.id],
      password: 'Holder-2024',
    });

    await openScreen(page, rolePath, `?code=${code}`);
    await expect(rowOf(page, code).innerText()).resolves.toMatch(/\b1\b/);
    await deleteRow(page, code);
    await errorToast(page, `角色「在用-${code}」仍有 1 个用户使用，请先在用户管理中移除该角色`).waitFor();
    await screenshot(page, 'role-delete-refused');
    await rowOf(page, code).waitFor();

    await openScreen(page, rolePath, '?code=admin');
    await deleteRow(page, '系统管理员');
    await errorToast(page, '内置角色「系统管理员」不能删除').waitFor();
  });

  test('a role manager sees the keys they lack greyed out, grants what they hold, and cannot widen their own role', async ({
    page,
    browser,
  }) => {
    const managerKeys = ['KEY.SYSTEM', 'KEY.SYSTEM.ROLE', 'KEY.CENTER', 'KEY.CENTER.VIDEO'];
    await signIn(page, admin);
    const managerRole = await createThroughApi<{ id: number }>(page, '/roles', {
      code: unique('role-admin-'),
      name: `角色管理员-${unique('')}`,
      accessKeys: managerKeys,
    });
    const manager: Account = {
      username: unique('role.manager.'),
      password: 'Manager-2024',
      name: '角色管理员',
      phone: '',
    };
    await createThroughApi<{ id: number }>(page, '/users', {
      username: manager.username,
      name: manager.name,
      phone: null,
      email: null,
      status: 'enabled',
      roleIds: [managerRole.id],
      password: manager.password,
    });

    const managerPage = await freshPage(browser);
    await signIn(managerPage, manager);
    await openScreen(managerPage, rolePath);
    await managerPage.getByRole('button', { name: '新增' }).first().click();
    const create = drawerTitled(managerPage, '新增角色');
    await expect(keyBox(create, '摄像头').isDisabled()).resolves.toBe(true);
    await expect(keyBox(create, '设备管理').isDisabled()).resolves.toBe(true);
    await expect(keyBox(create, '视频监控').isDisabled()).resolves.toBe(false);
    await create.getByText('摄像头', { exact: true }).hover();
    await managerPage.getByRole('tooltip').getByText('你没有此权限').waitFor();
    await screenshot(managerPage, 'role-form-keys-not-held');

    const code = unique('night-');
    await create.getByLabel('角色名称', { exact: true }).fill(`夜班-${code}`);
    await create.getByLabel('角色编码', { exact: true }).fill(code);
    await keyBox(create, '视频监控').check();
    await create.getByRole('button', { name: label('保存') }).click();
    await managerPage.getByText('已新增', { exact: true }).waitFor();
    await rowOf(managerPage, code).waitFor();

    // The server, not only the screen, refuses a role wider than its editor, and their own role's keys.
    const token = await signedInToken(managerPage);
    const widened = await managerPage.request.fetch(`/cfop/roles/${managerRole.id}`, {
      method: 'PUT',
      headers: { ...apiHeaders(managerPage, token), 'content-type': 'application/json' },
      data: {
        name: '角色管理员',
        code: 'widened',
        description: '',
        accessKeys: [...managerKeys, 'KEY.SYSTEM.USER'],
      },
    });
    const answer = (await widened.json()) as { code: string; msg: string };
    expect(answer.code).toBe('400');
    expect(answer.msg).toContain('KEY.SYSTEM.USER');
    await managerPage.context().close();
  });
});

describe('the user screen', () => {
  test('admin adds a user with a role, who sees only that role’s menu; a reset password shows once; a disabled user cannot sign in', async ({
    page,
    browser,
  }) => {
    const roleName = `仅视频-${unique('')}`;
    await signIn(page, admin);
    await createThroughApi<{ id: number }>(page, '/roles', {
      code: unique('video-'),
      name: roleName,
      accessKeys: ['KEY.CENTER', 'KEY.CENTER.VIDEO'],
    });
    const account: Account = {
      username: unique('viewer.'),
      password: 'Viewer-2024',
      name: '视频值班员',
      phone: '',
    };

    await openMenuEntry(page, '系统设置', '用户管理', userPath);
    await page.getByRole('button', { name: '新增' }).first().click();
    const create = drawerTitled(page, '新增用户');
    await create.getByLabel('用户名', { exact: true }).fill(account.username);
    await create.getByLabel('姓名', { exact: true }).fill(account.name);
    await chooseReference(create, '角色', roleName);
    await choose(create, '状态', '启用');
    await create.getByLabel('初始密码', { exact: true }).fill(account.password);
    await screenshot(page, 'user-form');
    await create.getByRole('button', { name: label('保存') }).click();
    await page.getByText('已新增', { exact: true }).waitFor();
    await search(page, '用户名', account.username);
    await expect(rowOf(page, account.username).innerText()).resolves.toContain(roleName);
    await screenshot(page, 'user-list');

    // The new user, at another computer, sees only the screens of the role.
    const viewer = await freshPage(browser);
    await signIn(viewer, account);
    const menu = siderOf(viewer);
    await menu.getByRole('menuitem', { name: '监控中心' }).click();
    await menu.getByRole('menuitem', { name: '视频监控' }).waitFor();
    // The role's one key, the video centre's, opens its live wall; playback is a key of its own.
    await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toEqual(['监控中心', '视频监控']);
    await screenshot(viewer, 'user-new-user-menu');

    // A reset password is shown once; the user's session ends; only the new password works.
    await rowOf(page, account.username).getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '重置密码' }).click();
    await answerConfirm(page, '结束该用户的全部登录会话');
    const modal = page.getByRole('dialog').filter({ hasText: '新密码（仅显示一次）' });
    await modal.getByText('关闭此窗口后将无法再次查看', { exact: false }).waitFor();
    const password = await modal.getByLabel('新密码', { exact: true }).inputValue();
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{20}$/);
    await screenshot(page, 'user-reset-password');
    await page.getByRole('button', { name: '我已保存' }).click();
    await modal.waitFor({ state: 'detached' });

    await viewer.reload();
    await expectLoginPage(viewer);
    await submitPasswordForm(viewer, account.username, account.password);
    await errorToast(viewer, '用户名或密码错误').waitFor();
    await signIn(viewer, { ...account, password });

    // Disabled: the session ends and signing in is refused.
    await rowOf(page, account.username)
      .getByRole('button', { name: label('编辑') })
      .click();
    const edit = drawerTitled(page, '编辑用户');
    await expect(edit.getByLabel('初始密码', { exact: true }).count()).resolves.toBe(0);
    await choose(edit, '状态', '停用');
    await edit.getByRole('button', { name: label('保存') }).click();
    await page.getByText('已保存', { exact: true }).waitFor();
    await eventually(() => rowOf(page, account.username).innerText()).toContain('停用');

    await viewer.reload();
    await expectLoginPage(viewer);
    await submitPasswordForm(viewer, account.username, password);
    await errorToast(viewer, '该账号已停用，请联系管理员').waitFor();
    await screenshot(viewer, 'user-disabled-sign-in');
    await viewer.context().close();
  });

  test('admin sees a user’s sessions in the detail and ends the other browser’s: that user is signed out', async ({
    page,
    browser,
  }) => {
    const account: Account = {
      username: unique('shift.'),
      password: 'Shift-2024',
      name: '交接班员',
      phone: '',
    };
    await signIn(page, admin);
    const code = unique('shift-');
    const role = await createThroughApi<{ id: number }>(page, '/roles', {
      code,
      name: `交接班-${code}`,
      accessKeys: ['KEY.MODEL'],
    });
    await createThroughApi(page, '/users', {
      username: account.username,
      name: account.name,
      phone: null,
      email: null,
      status: 'enabled',
      roleIds: [role.id],
      password: account.password,
    });
    // The user, at another computer.
    const other = await freshPage(browser);
    await signIn(other, account);
    const token = await signedInToken(other);

    await openScreen(page, userPath, `?username=${account.username}`);
    await rowOf(page, account.username)
      .getByRole('button', { name: label('详情') })
      .click();
    const detail = drawerTitled(page, '用户详情');
    const sessions = detail.getByRole('list', { name: '登录会话' });
    await sessions.getByRole('listitem').first().waitFor();
    await expect(sessions.getByRole('listitem').count()).resolves.toBe(1);
    await expect(sessions.innerText()).resolves.toContain('地址');
    await screenshot(page, 'user-sessions');

    await sessions.getByRole('button', { name: '结束此会话' }).click();
    await sessions
      .getByRole('group', { name: '该设备将立即退出登录。确定结束？' })
      .getByRole('button', { name: label('确定') })
      .click();
    await page.getByText('已结束该会话', { exact: true }).waitFor();
    await detail.getByText('暂无登录会话', { exact: true }).waitFor();
    await screenshot(page, 'user-sessions-ended');

    // That user's next call is signed out, and so is their console.
    await expect(callApi(other, 'GET', '/user/info', token)).resolves.toMatchObject({
      envelope: { code: '401' },
    });
    await other.reload();
    await expectLoginPage(other);
    await other.context().close();
  });

  test('admin cannot delete themself: the screen says so', async ({ page }) => {
    await signIn(page, admin);
    await openScreen(page, userPath, '?username=admin');
    await deleteRow(page, admin.name);
    await errorToast(page, '不能删除自己的账号').waitFor();
    await screenshot(page, 'user-delete-self-refused');
    await rowOf(page, admin.name).waitFor();
  });
});
