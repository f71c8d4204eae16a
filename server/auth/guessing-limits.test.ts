import { describe, expect, it } from 'vitest';
import { defaultSignInLimits, type SignInLimits } from './sign-in-limits';
import {
  addUser,
  operationLog,
  startTestApp,
  testAdminPassword,
  withSqlite,
  type CallResult,
} from '../test-support/test-app';

const hour = 3_600_000;
const phone = '13800138000';

/** Generous hashing bounds: these tests are about the guessing limits, not the hashing queue. */
const roomyHashing = { slots: 2, maxWaiting: 1000, perAddress: 1000 };

const attemptRows = (dataDir: string) =>
  withSqlite(
    dataDir,
    (db) =>
      db.prepare('select method, principal, address from sign_in_attempts').all() as Record<string, string>[],
  );

const sessionCount = (dataDir: string) =>
  withSqlite(dataDir, (db) => db.prepare('select count(*) from sessions').pluck().get());

const codes = (answers: CallResult[]) =>
  answers.reduce<Record<string, number>>((count, { body }) => {
    count[body.code] = (count[body.code] ?? 0) + 1;
    return count;
  }, {});

describe('password guessing under concurrency', () => {
  it('checks at most 5 of 60 parallel guesses for one account, and the right one at 45 gets no token', async () => {
    const t = await startTestApp({ passwordHashing: roomyHashing });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.call('loginByPassword', {
          body: { username: 'admin', password: i === 44 ? testAdminPassword : `wrong-${i}` },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.body.success)).toEqual([]);
    expect(sessionCount(t.dataDir)).toBe(0);
    // Every checked guess left its row: 5 checked; the other 55 were refused before hashing.
    expect(attemptRows(t.dataDir)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 423);
    expect(refused.length).toBeGreaterThanOrEqual(55);
    expect(refused[0]?.body.msg).toMatch(/账号已锁定，请 15 分钟后再试/);
  });

  it('checks at most the address limit of a 200-request burst over many names', async () => {
    const t = await startTestApp({ passwordHashing: roomyHashing });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.call('loginByPassword', { body: { username: `user-${i % 10}`, password: `guess-${i}` } }),
      ),
    );
    expect(attemptRows(t.dataDir)).toHaveLength(30);
    const count = codes(answers);
    expect(count['1001']).toBe(30);
    expect(count['429']).toBe(170);
    const english = await t.call('loginByPassword', {
      body: { username: 'admin', password: testAdminPassword },
      lang: 'en-US',
    });
    expect(english.status).toBe(429);
    expect(english.body.msg).toMatch(
      /^Too many failed sign-ins from this address; try again in \d+ seconds$/,
    );
    expect(Number(english.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held to this one's failures.
    const elsewhere = await t.call('loginByPassword', {
      body: { username: 'admin', password: testAdminPassword },
      remoteAddress: '10.0.0.2',
    });
    expect(elsewhere.body.code).toBe('0');
    t.clock.advance(15 * 60_000);
    expect((await t.signIn('admin', testAdminPassword)).length).toBe(64);
  });

  it('lets a real sign-in from another address through a flood of made-up names', async () => {
    // One hashing slot, so the real sign-in must be served before the flood's queue to succeed.
    const t = await startTestApp({ passwordHashing: { slots: 1, maxWaiting: 8, perAddress: 2 } });
    const flood = Array.from({ length: 100 }, (_, i) =>
      t.call('loginByPassword', {
        body: { username: `made-up-${i}`, password: 'whatever1' },
        remoteAddress: '203.0.113.9',
      }),
    );
    const real = t.call('loginByPassword', {
      body: { username: 'admin', password: testAdminPassword },
      remoteAddress: '10.0.0.2',
    });
    const [realAnswer, floodAnswers] = await Promise.all([real, Promise.all(flood)]);
    expect(realAnswer.body.code).toBe('0');
    const count = codes(floodAnswers);
    // Checked: at most the address limit; the rest refused at once, before any hashing.
    expect(count['1001'] ?? 0).toBeLessThanOrEqual(30);
    expect((count['1001'] ?? 0) + (count['429'] ?? 0)).toBe(100);
    expect(attemptRows(t.dataDir).filter((row) => row.address === '203.0.113.9').length).toBe(count['1001']);
  });

  it('keeps a success clearing the name’s failures, and a new password lifting the lock', async () => {
    const t = await startTestApp();
    await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    const attempt = (password: string) =>
      t.call('loginByPassword', { body: { username: 'carol', password } });
    for (let i = 0; i < 4; i += 1) await attempt('wrong');
    expect((await attempt('carol1234')).body.code).toBe('0');
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong')).body.code).toBe('1001');
    expect((await attempt('wrong')).status).toBe(423);
    expect((await attempt('carol1234')).status).toBe(423);
    const admin = await t.signIn('admin', testAdminPassword);
    const carol = (await t.call('listUsers', { token: admin, query: { username: 'carol' } })).body.data
      .items[0] as { id: number };
    const reset = await t.call('resetUserPassword', { token: admin, params: { id: carol.id } });
    expect(reset.body.code).toBe('0');
    expect((await attempt(reset.body.data.password as string)).body.code).toBe('0');
  });
});

describe('SMS guessing and sending', () => {
  async function smsApp(limits: Partial<SignInLimits> = {}) {
    const t = await startTestApp({ signInLimits: { ...defaultSignInLimits, ...limits } });
    await addUser(t.dataDir, { username: 'dave', password: 'dave12345', phone });
    const latestCode = () => t.sent.at(-1)?.code as string;
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    return { t, latestCode, wrongFor };
  }

  it('counts wrong codes per phone across codes: the 11th try is refused even with a fresh right code', async () => {
    const { t, latestCode, wrongFor } = await smsApp();
    for (let round = 0; round < 2; round += 1) {
      expect((await t.call('sendSmsCode', { body: { phone } })).status).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        const answer = await t.call('loginBySms', { body: { phone, code: wrongFor(latestCode()) } });
        expect(answer.body.code).toBe(round === 1 && i === 4 ? '429' : '1002');
      }
      t.clock.advance(60_000);
    }
    expect((await t.call('sendSmsCode', { body: { phone } })).status).toBe(200);
    const refused = await t.call('loginBySms', { body: { phone, code: latestCode() } });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^该手机号验证码错误次数过多，请 \d+ 秒后再试$/);
    const otherPhone = await t.call('loginBySms', { body: { phone: '13700137000', code: '123456' } });
    expect(otherPhone.body.code).toBe('1002');

    t.clock.advance(hour);
    await t.call('sendSmsCode', { body: { phone } });
    expect((await t.call('loginBySms', { body: { phone, code: latestCode() } })).body.code).toBe('0');
  });

  it('limits the codes sent per address and in all, saying how long to wait', async () => {
    const { t } = await smsApp({
      smsAddressSends: { limit: 3, windowMs: hour },
      smsSends: { limit: 4, windowMs: hour },
    });
    const send = (n: number, remoteAddress: string) =>
      t.call('sendSmsCode', { body: { phone: `1390000000${n}` }, remoteAddress });
    for (let n = 0; n < 3; n += 1) expect((await send(n, '10.0.0.1')).status).toBe(200);
    t.clock.advance(10 * 60_000);
    const fromAddress = await send(3, '10.0.0.1');
    expect(fromAddress.status).toBe(429);
    expect(fromAddress.body.msg).toBe('此地址请求验证码过于频繁，请 3000 秒后再试');
    expect(fromAddress.headers['retry-after']).toBe('3000');
    expect((await send(4, '10.0.0.2')).status).toBe(200);
    const inAll = await send(5, '10.0.0.3');
    expect(inAll.status).toBe(429);
    expect(inAll.body.msg).toBe('短信发送量已达上限，请 3000 秒后再试');
    t.clock.advance(50 * 60_000);
    expect((await send(6, '10.0.0.3')).status).toBe(200);
  });
});

describe('floods in the operation log', () => {
  it('tallies anonymous refusals and SMS sends per operation, address and answer instead of a row each', async () => {
    const t = await startTestApp({ passwordHashing: roomyHashing });
    for (let n = 0; n < 30; n += 1)
      await t.call('sendSmsCode', { body: { phone: `139${String(n).padStart(8, '0')}` } });
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.call('loginByPassword', { body: { username: 'admin', password: `wrong-${i}` } }),
      ),
    );
    const log = operationLog(t.dataDir);
    const sms = log.filter((row) => row.action === 'sendSmsCode');
    expect(sms.map((row) => [row.code, row.detail_zh])).toEqual([
      ['0', '此地址本刻钟内同类调用共 20 次，只记此一条'],
      [
        '429',
        expect.stringMatching(
          /^此地址请求验证码过于频繁，请 \d+ 秒后再试（此地址本刻钟内同类调用共 10 次，只记此一条）$/,
        ),
      ],
    ]);
    const signIns = log.filter((row) => row.action === 'loginByPassword');
    // The 5 checked guesses are logged one by one; the 55 refused before any check as one entry.
    expect(signIns).toHaveLength(6);
    expect(signIns.filter((row) => row.detail_en.includes('such calls'))).toEqual([
      expect.objectContaining({
        code: '423',
        detail_en: expect.stringMatching(
          /\(55 such calls from this address this quarter hour, logged once\)$/,
        ),
      }),
    ]);

    // A new quarter hour starts a new tally.
    t.clock.advance(15 * 60_000);
    await t.call('sendSmsCode', { body: { phone: '13700000000' } });
    expect(operationLog(t.dataDir).filter((row) => row.action === 'sendSmsCode')).toHaveLength(3);
  });
});
