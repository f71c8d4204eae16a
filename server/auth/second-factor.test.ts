import { describe, expect, it } from 'vitest';
import { totpCodeAt } from './totp';
import {
  addUser,
  operationLog,
  startTestApp,
  testAdminPassword,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';

const step = 30_000;

/** A signed-in user who has enrolled: their secret, recovery codes and session. */
async function enrolled(t: TestApp, username = 'admin', password = testAdminPassword) {
  const token = await t.signIn(username, password);
  const begun = await t.call('beginTotpEnrolment', { token });
  expect(begun.status).toBe(200);
  const secret = begun.body.data.secret as string;
  const confirmed = await t.call('confirmTotpEnrolment', {
    token,
    body: { code: totpCodeAt(secret, t.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  // The enrolment used this step's code: the next sign-in needs the next one.
  t.clock.advance(step);
  return { token, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

async function passwordStep(t: TestApp, username = 'admin', password = testAdminPassword) {
  const { body } = await t.call('loginByPassword', { body: { username, password } });
  expect(body.data).toMatchObject({ secondFactor: 'code' });
  return body.data.pendingToken as string;
}

const secondStep = (
  t: TestApp,
  pendingToken: string,
  proof: Record<string, string>,
  remoteAddress?: string,
) =>
  t.call('loginWithSecondFactor', {
    body: { pendingToken, ...proof },
    ...(remoteAddress !== undefined && { remoteAddress }),
  });

describe('enrolling an authenticator in 个人中心', () => {
  it('gives a secret and QR code, turns on only with a right code, and keeps recovery codes as digests', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const begun = await t.call('beginTotpEnrolment', { token });
    expect(begun.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(begun.body.data.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(begun.body.data.qrSvg).toMatch(/^<svg/);
    // Not on until confirmed: the password alone still signs in.
    expect(
      (await t.call('loginByPassword', { body: { username: 'admin', password: testAdminPassword } })).body
        .data,
    ).toHaveProperty('token');

    const wrong = await t.call('confirmTotpEnrolment', { token, body: { code: '000000' } });
    expect(wrong.body).toMatchObject({ code: '1004', msg: '验证码错误或已使用' });
    expect((await t.call('getSecondFactor', { token })).body.data).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });

    const secret = begun.body.data.secret as string;
    const confirmed = await t.call('confirmTotpEnrolment', {
      token,
      body: { code: totpCodeAt(secret, t.clock.now()) },
    });
    const codes = confirmed.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await t.call('getSecondFactor', { token })).body.data).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    const stored = withSqlite(t.dataDir, (db) =>
      JSON.stringify(db.prepare('select * from user_recovery_codes').all()),
    );
    for (const code of codes) expect(stored).not.toContain(code);
    expect(JSON.stringify(operationLog(t.dataDir))).not.toContain(secret);
    // The secret is never answered again.
    expect((await t.call('beginTotpEnrolment', { token })).status).toBe(400);
  });
});

describe('signing in with a second factor', () => {
  it('answers a pending token, not a session, and a right code opens the session once', async () => {
    const t = await startTestApp();
    const { secret } = await enrolled(t);
    const sessionsBefore = withSqlite(t.dataDir, (db) =>
      db.prepare('select count(*) from sessions').pluck().get(),
    );
    const pendingToken = await passwordStep(t);
    expect(withSqlite(t.dataDir, (db) => db.prepare('select count(*) from sessions').pluck().get())).toBe(
      sessionsBefore,
    );
    expect((await t.call('getCurrentUser', { token: pendingToken })).status).toBe(401);

    const code = totpCodeAt(secret, t.clock.now());
    const done = await secondStep(t, pendingToken, { code });
    expect(done.status).toBe(200);
    expect((await t.call('getCurrentUser', { token: done.body.data.token })).status).toBe(200);
    // The pending token opened its session; it opens no other.
    expect((await secondStep(t, pendingToken, { code })).body.code).toBe('1005');
    // The same code through a fresh sign-in is a replay.
    const again = await secondStep(t, await passwordStep(t), { code });
    expect(again.body.code).toBe('1004');
    t.clock.advance(step);
    expect(
      (await secondStep(t, await passwordStep(t), { code: totpCodeAt(secret, t.clock.now()) })).status,
    ).toBe(200);
  });

  it('asks for it after a right SMS code as after a right password', async () => {
    const t = await startTestApp();
    const phone = '13800138000';
    await addUser(t.dataDir, { username: 'dave', password: 'dave12345', phone });
    const { secret } = await enrolled(t, 'dave', 'dave12345');
    await t.call('sendSmsCode', { body: { phone } });
    const sms = await t.call('loginBySms', { body: { phone, code: t.sent[0]?.code } });
    expect(sms.body.data).toMatchObject({ secondFactor: 'code' });
    const done = await secondStep(t, sms.body.data.pendingToken, { code: totpCodeAt(secret, t.clock.now()) });
    expect(done.status).toBe(200);
    const info = await t.call('getCurrentUser', { token: done.body.data.token });
    expect(info.body.data.userName).toBe('dave');
  });

  it('counts wrong codes against the account: the fifth locks, a right password buys no more, a right code waits', async () => {
    const t = await startTestApp();
    const { secret } = await enrolled(t);
    for (let i = 1; i <= 4; i += 1) {
      // A right password each time: it must not start the codes' count afresh.
      expect((await secondStep(t, await passwordStep(t), { code: '000000' })).body.code).toBe('1004');
    }
    const fifth = await secondStep(t, await passwordStep(t), { code: '000000' });
    expect(fifth.status).toBe(423);
    expect(fifth.body.msg).toBe('验证码错误次数过多，请 15 分钟后再试');
    const pendingToken = await passwordStep(t);
    const locked = await secondStep(t, pendingToken, { code: totpCodeAt(secret, t.clock.now()) }, '10.0.0.9');
    expect(locked.status).toBe(423);
    t.clock.advance(15 * 60_000);
    const later = await secondStep(t, await passwordStep(t), { code: totpCodeAt(secret, t.clock.now()) });
    expect(later.status).toBe(200);
  });

  it('counts wrong codes against the address as wrong passwords are', async () => {
    const t = await startTestApp();
    await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    await enrolled(t);
    // 25 wrong passwords for other names and 5 wrong codes: the address's 30 are spent.
    for (let i = 0; i < 25; i += 1) {
      await t.call('loginByPassword', { body: { username: `nobody-${i % 5}`, password: 'wrong' } });
    }
    const pendingToken = await passwordStep(t);
    for (let i = 0; i < 4; i += 1)
      expect((await secondStep(t, pendingToken, { code: '000000' })).body.code).toBe('1004');
    await secondStep(t, pendingToken, { code: '000000' });
    const refused = await t.call('loginByPassword', { body: { username: 'carol', password: 'carol1234' } });
    expect(refused.status).toBe(429);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const t = await startTestApp();
    const { token, recoveryCodes } = await enrolled(t);
    const [first] = recoveryCodes as [string];
    const typed = first.toUpperCase().replace(/-/g, ' ');
    const done = await secondStep(t, await passwordStep(t), { recoveryCode: typed });
    expect(done.status).toBe(200);
    expect((await secondStep(t, await passwordStep(t), { recoveryCode: first })).body.code).toBe('1004');
    expect((await t.call('getSecondFactor', { token })).body.data.recoveryCodesLeft).toBe(9);
    const logged = operationLog(t.dataDir).filter((entry) => entry.action === 'loginWithSecondFactor');
    expect(logged.map((entry) => [entry.result, entry.code, entry.detail_zh])).toEqual([
      ['success', '0', '使用恢复码登录'],
      ['failure', '1004', '验证码错误或已使用'],
    ]);
  });

  it('refuses a bad or expired pending token with a 400 envelope', async () => {
    const t = await startTestApp();
    await enrolled(t);
    const pendingToken = await passwordStep(t);
    const malformed = await secondStep(t, 'abc', { code: '123456' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('400');
    t.clock.advance(5 * 60_000);
    const expired = await secondStep(t, pendingToken, { code: '123456' });
    expect(expired.body).toMatchObject({ code: '1005', msg: '登录验证已过期，请重新登录' });
  });

  it('turns off with a current code, or the password, and not with a wrong one', async () => {
    const t = await startTestApp();
    const { token, secret } = await enrolled(t);
    expect((await t.call('disableSecondFactor', { token, body: { code: '000000' } })).body.code).toBe('1004');
    expect((await t.call('disableSecondFactor', { token, body: { password: 'wrong-one1' } })).body.code).toBe(
      '1003',
    );
    const off = await t.call('disableSecondFactor', {
      token,
      body: { code: totpCodeAt(secret, t.clock.now()) },
    });
    expect(off.status).toBe(200);
    expect(
      (await t.call('loginByPassword', { body: { username: 'admin', password: testAdminPassword } })).body
        .data,
    ).toHaveProperty('token');
    await enrolled(t);
    expect(
      (await t.call('disableSecondFactor', { token, body: { password: testAdminPassword } })).status,
    ).toBe(200);
  });
});

describe('CFOP_REQUIRE_MFA_FOR=admin', () => {
  it('makes an administrator enrol before any session, and keep it', async () => {
    const t = await startTestApp({ requireSecondFactorFor: 'admin' });
    await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    expect(await t.signIn('carol', 'carol1234')).toMatch(/^[0-9a-f]{64}$/);

    const first = await t.call('loginByPassword', {
      body: { username: 'admin', password: testAdminPassword },
    });
    expect(first.body.data).toMatchObject({ secondFactor: 'enrol' });
    const pendingToken = first.body.data.pendingToken as string;
    expect((await t.call('getCurrentUser', { token: pendingToken })).status).toBe(401);
    // An enrol token is no code token.
    expect((await secondStep(t, pendingToken, { code: '123456' })).body.code).toBe('1005');

    const begun = await t.call('beginSignInEnrolment', { body: { pendingToken } });
    const secret = begun.body.data.secret as string;
    const wrong = await t.call('confirmSignInEnrolment', { body: { pendingToken, code: '000000' } });
    expect(wrong.body.code).toBe('1004');
    const done = await t.call('confirmSignInEnrolment', {
      body: { pendingToken, code: totpCodeAt(secret, t.clock.now()) },
    });
    expect(done.body.data.recoveryCodes).toHaveLength(10);
    const token = done.body.data.session.token as string;
    expect((await t.call('getSecondFactor', { token })).body.data).toMatchObject({
      enabled: true,
      required: true,
    });
    const off = await t.call('disableSecondFactor', { token, body: { password: testAdminPassword } });
    expect(off.status).toBe(400);
    t.clock.advance(step);
    expect(await passwordStep(t)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('resetUserSecondFactor', () => {
  it('lets another administrator reset a lost device, logged; nobody resets their own here', async () => {
    const t = await startTestApp();
    const carolId = await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    await enrolled(t, 'carol', 'carol1234');
    const token = await t.signIn('admin', testAdminPassword);
    const self = await t.call('resetUserSecondFactor', { token, params: { id: 1 } });
    expect(self.body.msg).toBe('不能在此重置自己的两步验证，请在个人中心设置');

    expect((await t.call('resetUserSecondFactor', { token, params: { id: carolId } })).status).toBe(200);
    expect(await t.signIn('carol', 'carol1234')).toMatch(/^[0-9a-f]{64}$/);
    expect(
      operationLog(t.dataDir).find(
        (entry) => entry.action === 'resetUserSecondFactor' && entry.result === 'success',
      ),
    ).toMatchObject({
      target: `#${carolId} carol`,
      user_id: 1,
      detail_zh: '已重置两步验证',
    });
    const notFound = await t.call('resetUserSecondFactor', { token, params: { id: 999 } });
    expect(notFound.status).toBe(404);
  });
});
