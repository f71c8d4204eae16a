import { describe, expect, it } from 'vitest';
import { addUser, startTestApp, testAdminPassword, withSqlite } from '../test-support/test-app';

const fifteenMinutes = 15 * 60_000;

describe('POST /login/bypwd', () => {
  it('opens a session, stores only the token digest and records the sign-in time', async () => {
    const t = await startTestApp();
    const { status, body } = await t.call('loginByPassword', {
      body: { username: 'admin', password: testAdminPassword },
    });
    expect(status).toBe(200);
    expect(body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.expiresAt).toBe(new Date(t.clock.now().getTime() + 12 * 3_600_000).toISOString());
    const stored = withSqlite(t.dataDir, (db) => ({
      sessions: db.prepare('select * from sessions').all() as Record<string, unknown>[],
      user: db.prepare("select last_login_at from users where username = 'admin'").get(),
    }));
    expect(stored.sessions).toHaveLength(1);
    expect(stored.sessions[0]).toMatchObject({
      client_type: 'PC',
      client_host: 'console.test',
      revoked_at: null,
    });
    expect(JSON.stringify(stored.sessions)).not.toContain(body.data.token);
    expect(stored.user).toEqual({ last_login_at: t.clock.now().toISOString() });
  });

  it('gives a wrong password and an unknown user the same answer', async () => {
    const t = await startTestApp();
    const wrong = await t.call('loginByPassword', { body: { username: 'admin', password: 'nope' } });
    const unknown = await t.call('loginByPassword', { body: { username: 'nobody', password: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, code: '1001', msg: '用户名或密码错误', data: null });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    const english = await t.call('loginByPassword', {
      body: { username: 'nobody', password: 'x' },
      lang: 'en-US',
    });
    expect(english.body.msg).toBe('Wrong user name or password');
  });

  it('refuses a disabled user even with the right password', async () => {
    const t = await startTestApp();
    await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    withSqlite(t.dataDir, (db) =>
      db.prepare("update users set status = 'disabled' where username = 'carol'").run(),
    );
    const { status, body } = await t.call('loginByPassword', {
      body: { username: 'carol', password: 'carol1234' },
    });
    expect(status).toBe(400);
    expect(body.code).toBe('1001');
    expect(body.msg).toContain('停用');
  });

  it.each(['admin', 'ghost'])(
    'locks the name %s for 15 minutes after 5 failures in a row',
    async (username) => {
      const t = await startTestApp();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await t.call('loginByPassword', { body: { username, password: 'wrong' } })).body.code).toBe(
          '1001',
        );
      }
      const fifth = await t.call('loginByPassword', { body: { username, password: 'wrong' } });
      expect(fifth.status).toBe(423);
      expect(fifth.body).toMatchObject({ success: false, code: '423' });
      expect(fifth.body.msg).toContain('15 分钟');

      t.clock.advance(fifteenMinutes - 60_000);
      const stillLocked = await t.call('loginByPassword', {
        body: { username, password: testAdminPassword },
        lang: 'en-US',
      });
      expect(stillLocked.status).toBe(423);
      expect(stillLocked.body.msg).toContain('Try again in 1 minute');

      t.clock.advance(60_000);
      const afterLock = await t.call('loginByPassword', { body: { username, password: testAdminPassword } });
      expect(afterLock.body.code).toBe(username === 'admin' ? '0' : '1001');
    },
  );

  it('starts counting afresh after a success', async () => {
    const t = await startTestApp();
    const attempt = (password: string) =>
      t.call('loginByPassword', { body: { username: 'admin', password } });
    for (let i = 0; i < 4; i += 1) await attempt('wrong');
    expect((await attempt(testAdminPassword)).body.code).toBe('0');
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong')).body.code).toBe('1001');
    expect((await attempt('wrong')).status).toBe(423);
  });
});
