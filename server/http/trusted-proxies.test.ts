import { describe, expect, it } from 'vitest';
import { startTestApp, testAdminPassword, withSqlite } from '../test-support/test-app';
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
