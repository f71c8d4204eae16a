import { describe, expect, it } from 'vitest';
import {
  addUser,
  contract,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  withSqlite,
} from '../test-support/test-app';

describe('GET /user/info', () => {
  it('answers the signed-in user with the keys of their roles in contract order', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const { status, body } = await t.call('getCurrentUser', { token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      userName: 'admin',
      name: '系统管理员',
      phone: null,
      roles: [{ code: 'admin', name: '系统管理员' }],
      lastLoginAt: t.clock.now().toISOString(),
    });
    expect(body.data.permissionInfos).toEqual(contract.accessKeys.map((code) => ({ code })));
  });

  it('merges the keys of several roles, each once, in contract order', async () => {
    const t = await startTestApp();
    withSqlite(t.dataDir, (db) => {
      db.prepare("insert into roles (code, name) values ('a', 'A'), ('b', 'B')").run();
      const keys = db.prepare(
        'insert into role_access_keys (role_id, access_key) select id, ? from roles where code = ?',
      );
      for (const [key, role] of [
        ['KEY.SYSTEM.LOG', 'a'],
        ['KEY.DEVICE', 'a'],
        ['KEY.DEVICE', 'b'],
        ['KEY.GONE', 'b'],
      ]) {
        keys.run(key, role);
      }
    });
    await addUser(t.dataDir, { username: 'frank', password: 'frank1234', roles: ['b', 'a'] });
    const { body } = await t.call('getCurrentUser', { token: await t.signIn('frank', 'frank1234') });
    expect(body.data.permissionInfos).toEqual([{ code: 'KEY.DEVICE' }, { code: 'KEY.SYSTEM.LOG' }]);
    expect(body.data.roles.map((role: { code: string }) => role.code)).toEqual(['a', 'b']);
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-token'],
    ['an unknown token', 'a'.repeat(64)],
  ])('answers 401 for %s', async (_case, token) => {
    const t = await startTestApp();
    const { status, body } = await t.call('getCurrentUser', token === undefined ? {} : { token });
    expect(status).toBe(401);
    expect(body).toEqual({ success: false, code: '401', msg: '未登录或登录已过期', data: null });
  });

  it('answers 401 once the session has expired', async () => {
    // Idle for longer than the TTL: this is about the TTL alone.
    const t = await startTestApp({ sessionTtlHours: 2, sessionIdleMinutes: 180 });
    const token = await t.signIn('admin', testAdminPassword);
    t.clock.advance(2 * 3_600_000 - 1);
    expect((await t.call('getCurrentUser', { token })).status).toBe(200);
    t.clock.advance(1);
    expect((await t.call('getCurrentUser', { token })).status).toBe(401);
  });

  it('answers 401 once the session was idle for the idle time-out, and counts every call as activity', async () => {
    const t = await startTestApp({ sessionIdleMinutes: 30 });
    const token = await t.signIn('admin', testAdminPassword);
    const busy = await t.signIn('admin', testAdminPassword);
    // The busy session calls every 10 minutes for two hours; the other is left alone.
    for (let i = 0; i < 12; i += 1) {
      t.clock.advance(10 * 60_000);
      expect((await t.call('getCurrentUser', { token: busy })).status).toBe(200);
    }
    const idle = await t.call('getCurrentUser', { token });
    expect(idle.status).toBe(401);
    expect(idle.body).toEqual({ success: false, code: '401', msg: '未登录或登录已过期', data: null });
    t.clock.advance(30 * 60_000 - 1);
    expect((await t.call('getCurrentUser', { token: busy })).status).toBe(200);
  });

  it('writes a session’s activity at most once a minute', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const signedInAt = t.clock.now().toISOString();
    const lastActive = () =>
      withSqlite(t.dataDir, (db) => db.prepare('select last_active_at from sessions').pluck().get());
    t.clock.advance(59_000);
    await t.call('getCurrentUser', { token });
    expect(lastActive()).toBe(signedInAt);
    t.clock.advance(1000);
    await t.call('getCurrentUser', { token });
    expect(lastActive()).toBe(t.clock.now().toISOString());
  });

  it('answers 401 once the user is disabled', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    withSqlite(t.dataDir, (db) => db.prepare("update users set status = 'disabled'").run());
    expect((await t.call('getCurrentUser', { token })).status).toBe(401);
  });
});

describe('POST /logout', () => {
  it('revokes that session only', async () => {
    const t = await startTestApp();
    const [first, second] = [
      await t.signIn('admin', testAdminPassword),
      await t.signIn('admin', testAdminPassword),
    ];
    const { status } = await t.call('logout', { token: first });
    expect(status).toBe(200);
    expect((await t.call('getCurrentUser', { token: first })).status).toBe(401);
    expect((await t.call('getCurrentUser', { token: second })).status).toBe(200);
    expect((await t.call('logout', { token: first })).status).toBe(401);
  });
});

describe('POST /user/modify/password', () => {
  it('refuses a wrong old password with code 1003 naming the field, and changes nothing', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const before = snapshotRows(t.dataDir);
    const { status, body } = await t.call('changePassword', {
      token,
      body: { oldPassword: 'wrong', newPassword: 'Better1234' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      code: '1003',
      msg: '原密码错误',
      data: { errors: [{ field: 'oldPassword', message: '原密码错误' }] },
    });
    // Nothing changed but the wrong guess, which counts against the name as a sign-in's would.
    const { sign_in_attempts: attempts, ...after } = snapshotRows(t.dataDir);
    const { sign_in_attempts: attemptsBefore, ...rest } = before;
    expect(after).toEqual(rest);
    expect(attempts).toHaveLength((attemptsBefore ?? []).length + 1);
  });

  it('counts wrong old passwords with the sign-in failures of the name, and locks it at the limit', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const tries = [];
    for (let i = 0; i < 6; i++) {
      const { status, body } = await t.call('changePassword', {
        token,
        body: { oldPassword: i < 5 ? `wrong-${i}` : testAdminPassword, newPassword: 'Better1234' },
      });
      tries.push(`${status} ${body.code}`);
    }
    expect(tries).toEqual(['400 1003', '400 1003', '400 1003', '400 1003', '423 423', '423 423']);
    const signIn = await t.call('loginByPassword', {
      body: { username: 'admin', password: testAdminPassword },
    });
    expect(signIn.status).toBe(423);
  });

  it.each([
    ['too short', 'ab1', '长度不能少于 8 个字符'],
    ['without digits', 'onlyletters', '格式不正确'],
    ['the old one again', testAdminPassword, '不能与原密码相同'],
  ])('refuses a new password %s', async (_case, newPassword, reason) => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const before = snapshotRows(t.dataDir);
    const { status, body } = await t.call('changePassword', {
      token,
      body: { oldPassword: testAdminPassword, newPassword },
    });
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.data.errors).toEqual([{ field: 'newPassword', message: reason }]);
    expect(body.msg).toBe(`newPassword：${reason}`);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('changes the password and ends every session of the user, this one included', async () => {
    const t = await startTestApp();
    const current = await t.signIn('admin', testAdminPassword);
    const other = await t.signIn('admin', testAdminPassword);
    const { status } = await t.call('changePassword', {
      token: current,
      body: { oldPassword: testAdminPassword, newPassword: 'Better1234' },
    });
    expect(status).toBe(200);
    for (const token of [current, other])
      expect((await t.call('getCurrentUser', { token })).status).toBe(401);
    const oldWay = await t.call('loginByPassword', {
      body: { username: 'admin', password: testAdminPassword },
    });
    expect(oldWay.body.code).toBe('1001');
    expect(await t.signIn('admin', 'Better1234')).toMatch(/^[0-9a-f]{64}$/);
  });
});
