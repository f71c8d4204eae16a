import { describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  creator,
  fieldMessages,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';

const adminRoleId = 1;

const user = (username: string, change: Record<string, unknown> = {}) => ({
  username,
  name: `用户-${username}`,
  phone: null,
  email: null,
  status: 'enabled',
  roleIds: [2],
  ...change,
});

/** An app with the roles `watch` (id 2, video only) and `useradmin` (id 3, the user screen only). */
async function signedIn() {
  const t = await startTestApp();
  await addRole(t.dataDir, 'watch', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
  await addRole(t.dataDir, 'useradmin', ['KEY.SYSTEM', 'KEY.SYSTEM.USER']);
  const token = await t.signIn('admin', testAdminPassword);
  const createUser = creator(t, 'createUser', token);
  const create = (body: Record<string, unknown>) => createUser({ password: 'Initial123', ...body });
  return { t, token, create };
}

/** Signs in `ops`, who may manage users but is no administrator. */
async function operator(t: TestApp, create: (body: Record<string, unknown>) => Promise<{ id: number }>) {
  const { id } = await create(user('ops', { roleIds: [3], password: 'Operator123' }));
  return { ops: await t.signIn('ops', 'Operator123'), opsId: id };
}

describe('createUser, getUser', () => {
  it('answers the new user with role names, never the password; the user signs in with it', async () => {
    const { t, token } = await signedIn();
    const body = user('carol', { phone: '13800138000', email: 'carol@example.com', password: 'Initial123' });
    const { status, body: answer } = await t.call('createUser', { token, body });
    expect(status).toBe(200);
    expect(answer.data).toEqual({
      id: 2,
      username: 'carol',
      name: '用户-carol',
      phone: '13800138000',
      email: 'carol@example.com',
      status: 'enabled',
      roleIds: [2],
      roleNames: ['watch'],
      lastLoginAt: null,
      createdAt: t.clock.now().toISOString(),
    });
    expect(JSON.stringify(snapshotRows(t.dataDir))).not.toContain('Initial123');
    const got = await t.call('getUser', { token, params: { id: 2 } });
    expect(got.body.data).toEqual(answer.data);

    const carol = await t.signIn('carol', 'Initial123');
    const info = await t.call('getCurrentUser', { token: carol });
    expect(info.body.data.permissionInfos).toEqual([{ code: 'KEY.CENTER' }, { code: 'KEY.CENTER.VIDEO' }]);
    expect((await t.call('getUser', { token, params: { id: 2 } })).body.data.lastLoginAt).toBe(
      t.clock.now().toISOString(),
    );
    expect(JSON.stringify(operationLog(t.dataDir))).not.toContain('Initial123');
  });

  it.each([
    ['a taken user name', user('admin'), { username: '已存在' }],
    ['a taken phone', user('dave', { phone: '13800138000' }), { phone: '已存在' }],
    ['a role that does not exist', user('dave', { roleIds: [2, 9] }), { roleIds: '角色不存在（id 9）' }],
    ['a weak password', user('dave', { password: 'password' }), { password: '格式不正确' }],
    ['a malformed e-mail', user('dave', { email: 'dave-at-home' }), { email: '格式不正确（email）' }],
    ['no role', user('dave', { roleIds: [] }), { roleIds: '至少需要 1 项' }],
  ])('refuses %s naming the field, writing nothing', async (_case, body, errors) => {
    const { t, token, create } = await signedIn();
    await create(user('erin', { phone: '13800138000' }));
    const before = snapshotRows(t.dataDir);
    const { status, body: answer } = await t.call('createUser', {
      token,
      body: { password: 'Initial123', ...body },
    });
    expect(status).toBe(400);
    expect(fieldMessages(answer)).toEqual(errors);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });
});

describe('listUsers, exportUsers', () => {
  it('searches by user name, name, phone, status and role; sorts; pages', async () => {
    const { t, token, create } = await signedIn();
    await create(user('carol', { name: '王芳', phone: '13800138001' }));
    await create(user('dave', { name: '李雷', phone: '13900139002', roleIds: [2, 3] }));
    await create(user('erin', { name: '王五', status: 'disabled', roleIds: [3] }));
    const names = async (query: Record<string, string | number>) => {
      const { status, body } = await t.call('listUsers', { token, query });
      expect(status).toBe(200);
      return (body.data.items as { username: string }[]).map((item) => item.username);
    };
    expect(await names({})).toEqual(['erin', 'dave', 'carol', 'admin']);
    expect(await names({ username: 'A' })).toEqual(['dave', 'carol', 'admin']);
    expect(await names({ name: '王' })).toEqual(['erin', 'carol']);
    expect(await names({ phone: '139' })).toEqual(['dave']);
    expect(await names({ status: 'disabled' })).toEqual(['erin']);
    expect(await names({ roleIds: 3 })).toEqual(['erin', 'dave']);
    expect(await names({ roleIds: 3, status: 'enabled' })).toEqual(['dave']);
    expect(await names({ roleIds: adminRoleId })).toEqual(['admin']);
    expect(await names({ sort: 'username', pageSize: 2, page: 2 })).toEqual(['dave', 'erin']);
    const dave = (await t.call('listUsers', { token, query: { username: 'dave' } })).body.data.items[0];
    expect(dave).toMatchObject({ roleIds: [2, 3], roleNames: ['watch', 'useradmin'] });
  });

  it('exports the filtered users with their role names in one cell', async () => {
    const { t, token, create } = await signedIn();
    await create(user('dave', { name: '李雷', roleIds: [2, 3] }));
    await create(user('erin'));
    const { status, headers, text } = await t.call('exportUsers', { token, query: { username: 'dav' } });
    expect(status).toBe(200);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="users-\d{8}-\d{4}\.csv"/);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('编号,用户名,姓名,手机号,邮箱,角色,状态,最近登录 (UTC),创建时间 (UTC)');
    expect(lines.slice(1, -1)).toEqual([
      expect.stringMatching(/^2,dave,李雷,,,"watch, useradmin",启用,,2030-01-01 08:00:\d\d$/),
    ]);
    const english = await t.call('exportUsers', {
      token,
      lang: 'en-US',
      headers: { 'x-time-zone': 'Asia/Shanghai' },
      query: { username: 'dav' },
    });
    const rows = english.text.slice(1).split('\r\n');
    expect(rows[0]).toBe(
      'ID,User name,Name,Phone,E-mail,Roles,Status,Last sign-in (Asia/Shanghai),Created (Asia/Shanghai)',
    );
    expect(rows[1]).toMatch(/^2,dave,李雷,,,"watch, useradmin",Enabled,,2030-01-01 16:00:\d\d$/);
    expect(text).not.toContain('scrypt');
  });
});

describe('updateUser', () => {
  it('replaces the fields but never takes a password', async () => {
    const { t, token, create } = await signedIn();
    const carol = await create(user('carol'));
    const changed = user('carol2', { name: '王芳', email: 'w@example.com', roleIds: [3, 2] });
    const { status, body } = await t.call('updateUser', { token, params: { id: carol.id }, body: changed });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      ...carol,
      username: 'carol2',
      name: '王芳',
      email: 'w@example.com',
      roleIds: [2, 3],
      roleNames: ['watch', 'useradmin'],
    });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'updateUser',
      target: '#2 carol',
      detail_zh: '修改：用户名、姓名、邮箱、角色',
      detail_en: 'changed: User name, Name, E-mail, Roles',
    });
    const withPassword = await t.call('updateUser', {
      token,
      params: { id: carol.id },
      body: { ...changed, password: 'Another123' },
    });
    expect(withPassword.status).toBe(400);
    expect(fieldMessages(withPassword.body)).toEqual({ password: '不允许的字段' });
    expect(await t.signIn('carol2', 'Initial123')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives changed roles effect from the user’s next request', async () => {
    const { t, token, create } = await signedIn();
    const carol = await create(user('carol'));
    const session = await t.signIn('carol', 'Initial123');
    expect((await t.call('listUsers', { token: session })).status).toBe(403);
    await t.call('updateUser', { token, params: { id: carol.id }, body: user('carol', { roleIds: [3] }) });
    expect((await t.call('listUsers', { token: session })).status).toBe(200);
  });

  it('disabling ends the user’s sessions and stops sign-in; enabling lets them back', async () => {
    const { t, token, create } = await signedIn();
    const carol = await create(user('carol'));
    const session = await t.signIn('carol', 'Initial123');
    const disabled = await t.call('updateUser', {
      token,
      params: { id: carol.id },
      body: user('carol', { status: 'disabled' }),
    });
    expect(disabled.body.data.status).toBe('disabled');
    const sessions = withSqlite(t.dataDir, (db) =>
      db.prepare('select revoked_at from sessions where user_id = ?').pluck().all(carol.id),
    );
    expect(sessions).toEqual([t.clock.now().toISOString()]);
    expect((await t.call('getCurrentUser', { token: session })).status).toBe(401);
    const refused = await t.call('loginByPassword', { body: { username: 'carol', password: 'Initial123' } });
    expect(refused.body).toMatchObject({ code: '1001', msg: '该账号已停用，请联系管理员' });

    await t.call('updateUser', { token, params: { id: carol.id }, body: user('carol') });
    expect(await t.signIn('carol', 'Initial123')).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.call('getCurrentUser', { token: session })).status).toBe(401);
  });

  it('refuses a taken user name or phone of another user', async () => {
    const { t, token, create } = await signedIn();
    await create(user('carol', { phone: '13800138000' }));
    const dave = await create(user('dave'));
    const clash = await t.call('updateUser', {
      token,
      params: { id: dave.id },
      body: user('carol', { phone: '13800138000' }),
    });
    expect(fieldMessages(clash.body)).toEqual({ username: '已存在', phone: '已存在' });
  });
});

describe('nobody removes themself or the last administrator', () => {
  it('refuses to let the caller disable or delete themself, in one call or many', async () => {
    const { t, token, create } = await signedIn();
    const { ops, opsId } = await operator(t, create);
    const carol = await create(user('carol'));
    const before = snapshotRows(t.dataDir);
    const disable = await t.call('updateUser', {
      token: ops,
      params: { id: opsId },
      body: user('ops', { roleIds: [3], status: 'disabled' }),
    });
    expect(disable.status).toBe(400);
    expect(disable.body.msg).toBe('status：不能停用自己的账号');
    const remove = await t.call('deleteUser', { token: ops, params: { id: opsId } });
    expect(remove.body.msg).toBe('不能删除自己的账号');
    const bulk = await t.call('bulkDeleteUsers', {
      token: ops,
      body: { ids: [carol.id, opsId] },
      lang: 'en-US',
    });
    expect(bulk.body.msg).toBe('You cannot delete your own account');
    const reset = await t.call('resetUserPassword', { token: ops, params: { id: opsId } });
    expect(reset.body.msg).toBe('不能在此重置自己的密码，请在个人中心修改');
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect((await t.call('deleteUser', { token, params: { id: carol.id } })).status).toBe(200);
  });

  it('keeps the last enabled administrator: they cannot give the role up', async () => {
    // Only administrators touch administrators (grant-rules.test.ts), and nobody disables or
    // deletes themself: giving up the role is how the last one would go.
    const { t, token, create } = await signedIn();
    const before = snapshotRows(t.dataDir);
    const adminAs = (change: Record<string, unknown>) =>
      t.call('updateUser', {
        token,
        params: { id: 1 },
        body: { ...user('admin', { name: '系统管理员', roleIds: [adminRoleId] }), ...change },
      });
    const message = '系统至少需要保留一个启用的管理员（拥有内置管理员角色的用户）';
    expect(fieldMessages((await adminAs({ roleIds: [2] })).body)).toEqual({ roleIds: message });
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect((await adminAs({ name: '管理员' })).status).toBe(200);

    // With a second administrator either may go.
    await create(user('boss', { roleIds: [adminRoleId, 2] }));
    expect((await adminAs({ roleIds: [2] })).status).toBe(200);
  });
});

describe('resetUserPassword', () => {
  it('answers a new password once, ends the user’s sessions, lifts a lock; the old password fails', async () => {
    const { t, token, create } = await signedIn();
    const carol = await create(user('carol'));
    const session = await t.signIn('carol', 'Initial123');
    for (let i = 0; i < 5; i += 1) {
      await t.call('loginByPassword', { body: { username: 'carol', password: 'wrong' } });
    }
    const { status, body } = await t.call('resetUserPassword', { token, params: { id: carol.id } });
    expect(status).toBe(200);
    const password = body.data.password as string;
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{20}$/);
    expect((await t.call('getCurrentUser', { token: session })).status).toBe(401);
    const old = await t.call('loginByPassword', { body: { username: 'carol', password: 'Initial123' } });
    expect(old.body.code).toBe('1001');
    expect(await t.signIn('carol', password)).toMatch(/^[0-9a-f]{64}$/);
    expect(operationLog(t.dataDir).find((entry) => entry.action === 'resetUserPassword')).toMatchObject({
      target: '#2 carol',
      result: 'success',
      detail_zh: '已重置密码，并结束该用户的全部会话',
    });
    expect(JSON.stringify(operationLog(t.dataDir))).not.toContain(password);
    expect((await t.call('getUser', { token, params: { id: carol.id } })).body.data).not.toHaveProperty(
      'password',
    );
  });

  it('answers 404 for a user that does not exist', async () => {
    const { t, token } = await signedIn();
    expect((await t.call('resetUserPassword', { token, params: { id: 42 } })).status).toBe(404);
  });
});

describe('addUser (the operator CLI’s and tests’ way in) obeys the same rules', () => {
  it('refuses a taken user name', async () => {
    const { t } = await signedIn();
    await expect(addUser(t.dataDir, { username: 'admin', password: 'Another123' })).rejects.toThrow(
      'username: already exists',
    );
  });
});
