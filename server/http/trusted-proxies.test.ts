import { describe, expect, it } from 'vitest';
import {
  operationLog,
  startTestApp,
  testAdminPassword,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';
import { parseTrustedProxies } from './trusted-proxies';

describe('CFOP_TRUSTED_PROXIES', () => {
  it('reads addresses, CIDR ranges and range names, naming what it cannot read', () => {
    expect(parseTrustedProxies(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8, loopback ,')).toEqual({
      proxies: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
      bad: [],
    });
    expect(parseTrustedProxies('10.0.0.0/33,nginx.local,1.2.3.4/8/8,::1/129,10.0.0.1/x').bad).toEqual([
      '10.0.0.0/33',
      'nginx.local',
      '1.2.3.4/8/8',
      '::1/129',
      '10.0.0.1/x',
    ]);
  });
});

/** The address each sign-in attempt was counted under. */
const attemptAddresses = (dataDir: string) =>
  withSqlite(dataDir, (db) =>
    db.prepare('select address from sign_in_attempts order by id').pluck().all(),
  ) as string[];

const failedSignIn = (forwardedFor: string, username = 'admin') => ({
  body: { username, password: 'not-the-password' },
  headers: { 'x-forwarded-for': forwardedFor },
  remoteAddress: '127.0.0.1',
});

describe("a request's client address", () => {
  it('is the proxy-reported one only when the peer is a trusted proxy', async () => {
    const behindProxy = await startTestApp({ trustedProxies: ['127.0.0.1'] });
    await behindProxy.call('loginByPassword', failedSignIn('203.0.113.7'));
    await behindProxy.call('loginByPassword', failedSignIn('198.51.100.1, 203.0.113.8'));
    // The proxy appends the address it saw: the last untrusted one is the client.
    expect(attemptAddresses(behindProxy.dataDir)).toEqual(['203.0.113.7', '203.0.113.8']);

    const direct = await startTestApp();
    await direct.call('loginByPassword', failedSignIn('203.0.113.7'));
    expect(attemptAddresses(direct.dataDir)).toEqual(['127.0.0.1']);
  });

  it('keeps one address from locking out the others behind the same proxy', async () => {
    const t = await startTestApp({ trustedProxies: ['127.0.0.1'] });
    // Made-up names, so that it is the address that is held, not a name.
    for (let i = 0; i < 30; i += 1)
      await t.call('loginByPassword', failedSignIn('203.0.113.7', `guess-${i}`));
    const locked = await t.call('loginByPassword', failedSignIn('203.0.113.7', 'guess-30'));
    expect(locked.status).toBe(429);
    const colleague = await t.call('loginByPassword', {
      body: { username: 'admin', password: testAdminPassword },
      headers: { 'x-forwarded-for': '203.0.113.20' },
      remoteAddress: '127.0.0.1',
    });
    expect(colleague.body.code).toBe('0');
  });
});

describe('the address the limits count a request under', () => {
  /** `count` failed sign-ins under made-up names (the name limit stays out of it), each from `from(i)`. */
  const failures = async (t: TestApp, count: number, from: (i: number) => string) => {
    const codes: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const answer = await t.call('loginByPassword', failedSignIn(from(i), `guess-${i}`));
      codes.push(answer.body.code);
    }
    return codes;
  };
  const firstRefusal = (codes: string[]) => codes.indexOf('429') + 1;

  it("is an IPv6 client's /64, so that its addresses share one count; the log keeps each address", async () => {
    const t = await startTestApp({ trustedProxies: ['127.0.0.1'] });
    const codes = await failures(t, 35, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(firstRefusal(codes)).toBe(31);
    expect(new Set(attemptAddresses(t.dataDir))).toEqual(new Set(['2001:db8:1:2::/64']));
    const wrong = operationLog(t.dataDir).filter((row) => row.code === '1001');
    expect(wrong.map((row) => row.ip).slice(0, 2)).toEqual(['2001:db8:1:2::1', '2001:db8:1:2::2']);
    // The next /64 is another subscriber's.
    expect((await failures(t, 1, () => '2001:db8:1:3::1'))[0]).toBe('1001');
  });

  it('counts by the prefix CFOP_IPV6_PREFIX_BITS sets, and directly too, without a proxy', async () => {
    const t = await startTestApp({ ipv6PrefixBits: 48 });
    for (const remoteAddress of ['2001:db8:1:2::7', '2001:db8:1:ff::7'])
      await t.call('loginByPassword', {
        body: { username: 'nobody', password: 'wrong-guess' },
        remoteAddress,
      });
    expect(attemptAddresses(t.dataDir)).toEqual(['2001:db8:1::/48', '2001:db8:1::/48']);
  });

  it('is the IPv4 address an IPv4-mapped IPv6 one carries', async () => {
    const t = await startTestApp({ trustedProxies: ['127.0.0.1'] });
    const codes = await failures(t, 31, (i) => (i % 2 === 0 ? '::ffff:10.5.5.6' : '10.5.5.6'));
    expect(firstRefusal(codes)).toBe(31);
    expect(new Set(attemptAddresses(t.dataDir))).toEqual(new Set(['10.5.5.6']));
    expect(new Set(operationLog(t.dataDir).map((row) => row.ip))).toEqual(new Set(['10.5.5.6']));
  });

  it('is the proxy itself when what it forwards is no address', async () => {
    const t = await startTestApp({ trustedProxies: ['127.0.0.1'] });
    const codes = await failures(t, 31, (i) => `unknown-${i}`);
    expect(firstRefusal(codes)).toBe(31);
    expect(new Set(attemptAddresses(t.dataDir))).toEqual(new Set(['127.0.0.1']));
    expect(new Set(operationLog(t.dataDir).map((row) => row.ip))).toEqual(new Set(['127.0.0.1']));
  });
});
