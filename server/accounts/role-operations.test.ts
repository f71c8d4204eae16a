import { describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  contract,
  creator,
  fieldMessages,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
} from '../test-support/test-app';

const role = (code: string, change: Record<string, unknown> = {}) => ({
  code,
  name: `角色-${code}`,
  description: '值班人员',
  accessKeys: ['KEY.CENTER', 'KEY.CENTER.VIDEO'],
  ...change,
});

async function signedIn() {
  const t = await startTestApp();
  const token = await t.signIn('admin', testAdminPassword);
  return { t, token, create: creator(t, 'createRole', token) };
}

describe('createRole, getRole', () => {
  it('answers the new role with its keys in contract order, no users and its times; get answers the same', async () => {
    const { t, token } = await signedIn();
    const keys = ['KEY.CENTER.VIDEO', 'KEY.DEVICE', 'KEY.CENTER'];
    const { status, body } = await t.call('createRole', { token, body: role('watch', { accessKeys: keys }) });
    expect(status).toBe(200);
    const now = t.clock.now().toISOString();
    expect(body.data).toEqual({
      id: 2,
      code: 'watch',
      name: '角色-watch',
      description: '值班人员',
      accessKeys: ['KEY.DEVICE', 'KEY.CENTER', 'KEY.CENTER.VIDEO'],
      builtin: false,
      userCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    const got = await t.call('getRole', { token, params: { id: 2 } });
    expect(got.body.data).toEqual(body.data);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'createRole',
      area: 'KEY.SYSTEM.ROLE',
      target: '#2 角色-watch',
      result: 'success',
    });
  });

  it('refuses a taken code (any role, the built-in one included) naming the field, writing nothing', async () => {
    const { t, token, create } = await signedIn();
    await create(role('watch'));
    const before = snapshotRows(t.dataDir);
    for (const code of ['watch', 'admin']) {
      const { status, body } = await t.call('createRole', { token, body: role(code) });
      expect(status).toBe(400);
      expect(fieldMessages(body)).toEqual({ code: '已存在' });
    }
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it.each([
    ['a code with a space', { code: 'on duty' }, 'code', '格式不正确'],
    ['a code starting with a digit', { code: '1st' }, 'code', '格式不正确'],
    ['an unknown access key', { accessKeys: ['KEY.NOPE'] }, 'accessKeys[0]', '必须是以下之一'],
    ['a repeated access key', { accessKeys: ['KEY.MODEL', 'KEY.MODEL'] }, 'accessKeys', '不能有重复项'],
  ])('refuses %s', async (_case, change, field, message) => {
    const { t, token } = await signedIn();
    const before = snapshotRows(t.dataDir);
    const { status, body } = await t.call('createRole', { token, body: role('watch', change) });
    expect(status).toBe(400);
    expect(fieldMessages(body)[field]).toContain(message);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('answers 404 for a role that does not exist', async () => {
    const { t, token } = await signedIn();
    const { status, body } = await t.call('getRole', { token, params: { id: 42 } });
    expect(status).toBe(404);
    expect(body.msg).toBe('记录不存在（id 42）');
  });
});

describe('listRoles', () => {
  it('searches by name, code and held key, sorts, pages, and counts each role’s users', async () => {
    const { t, token, create } = await signedIn();
    await create(role('watch', { name: '值班' }));
    await create(role('ops', { name: '运维', accessKeys: ['KEY.DEVICE', 'KEY.DEVICE.CAMERA'] }));
    await create(role('audit', { name: '审计', accessKeys: ['KEY.SYSTEM.LOG'] }));
    await addUser(t.dataDir, { username: 'u1', password: 'User12345', roles: ['ops'] });
    await addUser(t.dataDir, { username: 'u2', password: 'User12345', roles: ['ops', 'watch'] });
    const list = async (query: Record<string, string | number> = {}) => {
      const { status, body } = await t.call('listRoles', { token, query });
      expect(status).toBe(200);
      return body.data as { items: { code: string; userCount: number }[]; total: number };
    };
    const codes = async (query: Record<string, string | number>) =>
      (await list(query)).items.map((item) => item.code);

    const all = await list();
    expect(all.total).toBe(4);
    expect(all.items.map((item) => [item.code, item.userCount])).toEqual([
      ['admin', 1],
      ['watch', 1],
      ['ops', 2],
      ['audit', 0],
    ]);
    expect(await codes({ name: '运' })).toEqual(['ops']);
    expect(await codes({ code: 'A' })).toEqual(['admin', 'watch', 'audit']);
    expect(await codes({ accessKeys: 'KEY.CENTER.VIDEO' })).toEqual(['admin', 'watch']);
    expect(await codes({ accessKeys: 'KEY.SYSTEM.LOG', code: 'au' })).toEqual(['audit']);
    expect(await codes({ sort: 'code' })).toEqual(['admin', 'audit', 'ops', 'watch']);
    expect(await codes({ sort: '-createdAt', pageSize: 2, page: 2 })).toEqual(['watch', 'admin']);
  });
});

describe('updateRole', () => {
  it('replaces name, code, description and keys, keeps createdAt and logs what changed', async () => {
    const { t, token, create } = await signedIn();
    const created = await create(role('watch'));
    const body = role('watch2', { name: '角色-watch', description: '', accessKeys: ['KEY.MODEL'] });
    const { status, body: answer } = await t.call('updateRole', { token, params: { id: created.id }, body });
    expect(status).toBe(200);
    expect(answer.data).toEqual({
      ...created,
      code: 'watch2',
      description: '',
      accessKeys: ['KEY.MODEL'],
      updatedAt: t.clock.now().toISOString(),
    });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'updateRole',
      target: '#2 角色-watch',
      detail_zh: '修改：角色编码、描述、权限',
      detail_en: 'changed: Code, Description, Access keys',
    });
  });

  it('changes what its holders may do from their next request, on the same session', async () => {
    const { t, token, create } = await signedIn();
    const watch = await create(role('watch'));
    await addUser(t.dataDir, { username: 'carol', password: 'Carol1234', roles: ['watch'] });
    const carol = await t.signIn('carol', 'Carol1234');
    expect((await t.call('listAiServers', { token: carol })).status).toBe(403);
    const keys = ['KEY.DEVICE', 'KEY.DEVICE.AISERVER'];
    await t.call('updateRole', {
      token,
      params: { id: watch.id },
      body: role('watch', { accessKeys: keys }),
    });
    expect((await t.call('listAiServers', { token: carol })).status).toBe(200);
    const info = await t.call('getCurrentUser', { token: carol });
    expect(info.body.data.permissionInfos).toEqual(keys.map((code) => ({ code })));
  });

  it('lets the built-in role be renamed but keeps its code and every key, naming each field', async () => {
    const { t, token } = await signedIn();
    const admin = (await t.call('getRole', { token, params: { id: 1 } })).body.data;
    expect(admin).toMatchObject({
      code: 'admin',
      builtin: true,
      accessKeys: contract.accessKeys,
    });
    const renamed = {
      code: 'admin',
      name: '超级管理员',
      description: '全部权限',
      accessKeys: admin.accessKeys,
    };
    const ok = await t.call('updateRole', { token, params: { id: 1 }, body: renamed });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: '超级管理员', builtin: true });

    const before = snapshotRows(t.dataDir);
    const stripped = await t.call('updateRole', {
      token,
      params: { id: 1 },
      body: { ...renamed, code: 'root', accessKeys: ['KEY.MODEL'] },
    });
    expect(stripped.status).toBe(400);
    expect(fieldMessages(stripped.body)).toEqual({
      code: '内置管理员角色的编码不能修改（须为 admin）',
      accessKeys: '内置管理员角色始终拥有全部权限，不能修改',
    });
    const english = await t.call('updateRole', {
      token,
      params: { id: 1 },
      body: { ...renamed, accessKeys: ['KEY.MODEL'] },
      lang: 'en-US',
    });
    expect(english.body.msg).toBe(
      'accessKeys: the built-in administrator role always holds every access key; they cannot be changed',
    );
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });
});

describe('deleteRole, bulkDeleteRoles', () => {
  it('deletes a role no user holds, its keys with it', async () => {
    const { t, token, create } = await signedIn();
    const watch = await create(role('watch'));
    const { status } = await t.call('deleteRole', { token, params: { id: watch.id } });
    expect(status).toBe(200);
    expect(snapshotRows(t.dataDir).role_access_keys).not.toContainEqual(
      expect.objectContaining({ role_id: watch.id }),
    );
    expect((await t.call('getRole', { token, params: { id: watch.id } })).status).toBe(404);
  });

  it('refuses the built-in role and a role users hold, saying how many, writing nothing', async () => {
    const { t, token, create } = await signedIn();
    const watch = await create(role('watch', { name: '值班' }));
    const free = await create(role('free'));
    await addUser(t.dataDir, { username: 'u1', password: 'User12345', roles: ['watch'] });
    await addUser(t.dataDir, { username: 'u2', password: 'User12345', roles: ['watch'] });
    const before = snapshotRows(t.dataDir);

    const builtin = await t.call('deleteRole', { token, params: { id: 1 } });
    expect(builtin.status).toBe(400);
    expect(builtin.body.msg).toBe('内置角色「系统管理员」不能删除');
    const held = await t.call('deleteRole', { token, params: { id: watch.id } });
    expect(held.body.msg).toBe('角色「值班」仍有 2 个用户使用，请先在用户管理中移除该角色');
    const heldEnglish = await t.call('deleteRole', { token, params: { id: watch.id }, lang: 'en-US' });
    expect(heldEnglish.body.msg).toBe(
      'Role “值班” is still held by 2 users; take it from them in Users first',
    );
    const bulk = await t.call('bulkDeleteRoles', { token, body: { ids: [free.id, watch.id, 1] } });
    expect(bulk.status).toBe(400);
    expect(fieldMessages(bulk.body)).toEqual({
      ids: '内置角色「系统管理员」不能删除；角色「值班」仍有 2 个用户使用，请先在用户管理中移除该角色',
    });
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({ action: 'bulkDeleteRoles', result: 'failure' });
  });

  it('bulk-deletes free roles and says how many', async () => {
    const { t, token, create } = await signedIn();
    const a = await create(role('a1'));
    const b = await create(role('b1'));
    const { body } = await t.call('bulkDeleteRoles', { token, body: { ids: [a.id, b.id] } });
    expect(body.data).toEqual({ deleted: 2 });
  });
});

describe('exportRoles', () => {
  it('streams the filtered roles with their keys’ labels in one cell, their user counts, built-in as 是/否', async () => {
    const { t, token, create } = await signedIn();
    await create(role('watch', { name: '值班' }));
    await create(role('ops', { name: '运维' }));
    await addRole(t.dataDir, 'other', ['KEY.MODEL']);
    const { status, headers, text } = await t.call('exportRoles', { token, query: { name: '值' } });
    expect(status).toBe(200);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="roles-\d{8}-\d{4}\.csv"/);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('编号,角色名称,角色编码,描述,权限,用户数,内置,创建时间 (UTC),更新时间 (UTC)');
    expect(lines.slice(1, -1)).toEqual([
      expect.stringMatching(/^2,值班,watch,值班人员,"监控中心, 视频监控",0,否,2030-01-01 08:00:00,/),
    ]);
    const english = await t.call('exportRoles', { token, lang: 'en-US', query: { sort: 'code' } });
    const rows = english.text.slice(1).split('\r\n');
    expect(rows[0]).toBe('ID,Name,Code,Description,Access keys,Users,Built-in,Created (UTC),Updated (UTC)');
    expect(rows[1]).toMatch(/^1,[^,]+,admin,.*,1,Yes,/);
    expect(rows[4]).toMatch(/^2,值班,watch,值班人员,"Monitoring centre, Video monitoring",0,No,/);
  });
});
