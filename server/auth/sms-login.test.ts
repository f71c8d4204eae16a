import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smsOutboxFileName } from '../sms/log-sms-sender';
import { addUser, snapshotRows, startTestApp, withSqlite } from '../test-support/test-app';

const phone = '13800138000';

async function appWithPhoneUser() {
  const t = await startTestApp();
  await addUser(t.dataDir, { username: 'dave', password: 'dave12345', phone });
  return t;
}

describe('SMS sign-in', () => {
  it('sends a 6-digit code to a known phone and signs in with it once', async () => {
    const t = await appWithPhoneUser();
    const sent = await t.call('sendSmsCode', { body: { phone } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    expect(t.sent).toHaveLength(1);
    const code = t.sent[0]?.code as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(t.sent[0]?.text).toContain(code);
    expect(JSON.stringify(snapshotRows(t.dataDir).sms_codes)).not.toContain(`"${code}"`);

    const login = await t.call('loginBySms', { body: { phone, code } });
    expect(login.status).toBe(200);
    const info = await t.call('getCurrentUser', { token: login.body.data.token });
    expect(info.body.data.userName).toBe('dave');

    const again = await t.call('loginBySms', { body: { phone, code } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: '1002', msg: '短信验证码错误或已失效' });
  });

  it('keeps 60 seconds between codes for one phone, says how long is left, and replaces the old code', async () => {
    const t = await appWithPhoneUser();
    await t.call('sendSmsCode', { body: { phone } });
    t.clock.advance(45_500);
    const early = await t.call('sendSmsCode', { body: { phone } });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ success: false, code: '429' });
    expect(early.body.msg).toContain('15 秒');
    expect(t.sent).toHaveLength(1);

    t.clock.advance(14_500);
    expect((await t.call('sendSmsCode', { body: { phone } })).status).toBe(200);
    expect(t.sent).toHaveLength(2);
    const [first, second] = t.sent;
    expect((await t.call('loginBySms', { body: { phone, code: first?.code } })).body.code).toBe(
      first?.code === second?.code ? '0' : '1002',
    );
  });

  it('refuses a code after its 5 minutes', async () => {
    const t = await appWithPhoneUser();
    await t.call('sendSmsCode', { body: { phone } });
    t.clock.advance(5 * 60_000);
    const late = await t.call('loginBySms', { body: { phone, code: t.sent[0]?.code } });
    expect(late.body.code).toBe('1002');
  });

  it('spends the code after 5 wrong tries', async () => {
    const t = await appWithPhoneUser();
    await t.call('sendSmsCode', { body: { phone } });
    const code = t.sent[0]?.code as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await t.call('loginBySms', { body: { phone, code: wrong } })).body.code).toBe('1002');
    }
    expect((await t.call('loginBySms', { body: { phone, code } })).body.code).toBe('1002');
  });

  it('answers an unknown or disabled phone exactly as a known one, and sends nothing', async () => {
    const t = await appWithPhoneUser();
    await addUser(t.dataDir, { username: 'erin', password: 'erin12345', phone: '13900139000' });
    withSqlite(t.dataDir, (db) =>
      db.prepare("update users set status = 'disabled' where username = 'erin'").run(),
    );
    const known = await t.call('sendSmsCode', { body: { phone } });
    for (const other of ['13700137000', '13900139000']) {
      const answer = await t.call('sendSmsCode', { body: { phone: other } });
      expect(answer.status).toBe(known.status);
      expect(answer.body).toEqual(known.body);
      expect((await t.call('sendSmsCode', { body: { phone: other } })).status).toBe(429);
    }
    expect(t.sent.map((message) => message.phone)).toEqual([phone]);
  });

  it('writes the outbox line and a log line with the default sender', async () => {
    const t = await startTestApp({ smsSender: undefined });
    await addUser(t.dataDir, { username: 'dave', password: 'dave12345', phone });
    await t.call('sendSmsCode', { body: { phone } });
    const lines = readFileSync(join(t.dataDir, smsOutboxFileName), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string);
    expect(Object.keys(line)).toEqual(['at', 'phone', 'code', 'text']);
    expect(line).toMatchObject({ at: t.clock.now().toISOString(), phone });
    expect((await t.call('loginBySms', { body: { phone, code: line.code } })).body.code).toBe('0');
  });
});
