import { beforeAll, describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  afterSuite,
  startTestApp,
  testAdminPassword,
  withSqlite,
  type TestApp,
} from '../../test-support/test-app';
import { startOidcProvider, type TestOidcProvider } from '../../test-support/oidc-provider';
import { waitUntil } from '../../test-support/wait-until';
import type { OidcSettings } from './oidc-settings';

// Single sign-on against oidc-provider run on loopback: the whole code flow with PKCE through the
// console's start, callback and handoff, linking by the provider's subject, roles by the groups
// claim, and the checks of state, nonce and the fixed callback address.

const cleanup = afterSuite();
const consoleOrigin = 'http://127.0.0.1:9';
const redirectUri = `${consoleOrigin}/cfop/login/oidc/callback`;
let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startOidcProvider(redirectUri, `${consoleOrigin}/user/login`);
  cleanup(() => provider.stop());
  const person = (login: string, groups: string[], more: object = {}) =>
    provider.people.set(login, { sub: `sub-${login}`, preferred_username: login, groups, ...more });
  person('alice', ['operators'], {
    name: 'Alice Zhang',
    email: 'alice@example.com',
    phone_number: '+86 138 0013 8001',
  });
  person('carol', ['visitors']);
  person('root', ['operators']);
});

function settings(): OidcSettings {
  return {
    issuer: new URL(provider.issuer),
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUri: new URL(redirectUri),
    postLogoutRedirectUri: new URL(`${consoleOrigin}/user/login`),
    providerName: '统一身份认证',
    scopes: 'openid profile email phone',
    claims: { groups: 'groups', name: 'name', phone: 'phone_number', email: 'email' },
    // Asked again only where a test says so (the refresh job).
    refreshMs: 0,
    timeoutMs: 5000,
    allowHttp: true,
  };
}

async function ssoApp(change: Partial<OidcSettings> = {}): Promise<TestApp & { operatorRoleId: number }> {
  const t = await startTestApp({ oidc: { ...settings(), ...change } });
  const operatorRoleId = await addRole(t.dataDir, 'operator', ['KEY.CENTER', 'KEY.CENTER.AIWARN']);
  const admin = await t.signIn('admin', testAdminPassword);
  const mapped = await t.call('createDirectoryGroupMapping', {
    token: admin,
    body: { provider: 'oidc', groupName: 'operators', roleId: operatorRoleId },
  });
  expect(mapped.status).toBe(200);
  return { ...t, operatorRoleId };
}

/** The cookie a browser keeps of the console's sign-in paths: the mark single sign-on sets. */
interface Browser {
  cookie: string;
}

/** Each test app's own browser, for the tests that use one. */
const browsers = new WeakMap<TestApp, Browser>();
function browserOf(t: TestApp): Browser {
  const known = browsers.get(t);
  if (known) return known;
  const browser = { cookie: '' };
  browsers.set(t, browser);
  return browser;
}

/** GETs a path of the console as `browser` does; answers where it redirects to. */
async function follow(t: TestApp, url: string, browser = browserOf(t)): Promise<URL> {
  const answer = await t.app.inject({ method: 'GET', url, headers: { cookie: browser.cookie } });
  expect(answer.statusCode).toBe(302);
  expect(answer.headers['cache-control']).toBe('no-store');
  const set = answer.headers['set-cookie'];
  if (typeof set === 'string') browser.cookie = set.split(';')[0] ?? '';
  return new URL(answer.headers.location as string, consoleOrigin);
}

/** The console's start, the provider's sign-in, the console's callback: the login page it lands on. */
async function signInAtProvider(t: TestApp, login: string, start = '/cfop/login/oidc/start'): Promise<URL> {
  const authorization = await follow(t, start);
  const callback = await provider.signIn(authorization.href, login);
  expect(callback.origin + callback.pathname).toBe(redirectUri);
  return follow(t, callback.pathname + callback.search);
}

const complete = (t: TestApp, landing: URL, lang?: 'en-US', browser = browserOf(t)) =>
  t.call('completeSingleSignOn', {
    body: { code: landing.searchParams.get('sso') },
    lang,
    headers: { cookie: browser.cookie },
  });

const linkedUsers = (t: TestApp) =>
  withSqlite(t.dataDir, (db) =>
    db
      .prepare(
        'select e.provider, e.subject, u.username, u.name, u.email, u.phone from external_identities e join users u on u.id = e.user_id',
      )
      .all(),
  );

describe('single sign-on', () => {
  it('offers the provider on the login page only when configured', async () => {
    const plain = await startTestApp();
    expect((await plain.call('getSignInOptions')).body.data).toEqual({ singleSignOn: null });
    expect((await plain.app.inject({ method: 'GET', url: '/cfop/login/oidc/start' })).statusCode).toBe(404);
    const t = await startTestApp({ oidc: settings() });
    expect((await t.call('getSignInOptions')).body.data).toEqual({
      singleSignOn: { providerName: '统一身份认证', startPath: '/cfop/login/oidc/start' },
    });
  });

  it('sends the browser back to the login page with the reason when the provider cannot be reached', async () => {
    const t = await startTestApp({
      oidc: { ...settings(), issuer: new URL('http://127.0.0.1:1/realms/gone') },
    });
    const landing = await follow(t, '/cfop/login/oidc/start?redirect=%2Fhome');
    expect(landing.pathname).toBe('/user/login');
    expect(landing.searchParams.get('redirect')).toBe('/home');
    const refused = await complete(t, landing, 'en-US');
    expect(refused.status).toBe(503);
    expect(refused.body.msg).toBe('Single sign-on is unavailable');
  });

  it('signs in by code flow with PKCE, creating the user linked by issuer and subject', async () => {
    const t = await ssoApp();
    const authorization = await follow(t, '/cfop/login/oidc/start?redirect=%2Fmonitor%2Fai');
    expect(authorization.origin).toBe(provider.issuer);
    const asked = authorization.searchParams;
    expect(asked.get('redirect_uri')).toBe(redirectUri);
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('state')).toMatch(/.{20,}/);
    expect(asked.get('nonce')).toMatch(/.{20,}/);
    const callback = await provider.signIn(authorization.href, 'alice');
    const landing = await follow(t, callback.pathname + callback.search);
    expect(landing.pathname).toBe('/user/login');
    expect(landing.searchParams.get('redirect')).toBe('/monitor/ai');
    expect(landing.searchParams.get('sso')).toMatch(/^[0-9a-f]{64}$/);

    const signedIn = await complete(t, landing);
    expect(signedIn.body).toMatchObject({ success: true, code: '0' });
    const me = await t.call('getCurrentUser', { token: signedIn.body.data.token });
    expect(me.body.data).toMatchObject({ userName: 'alice', name: 'Alice Zhang', phone: '13800138001' });
    expect(me.body.data.roles).toEqual([expect.objectContaining({ id: t.operatorRoleId })]);
    expect(linkedUsers(t)).toEqual([
      {
        provider: 'oidc',
        subject: `${provider.issuer}#sub-alice`,
        username: 'alice',
        name: 'Alice Zhang',
        email: 'alice@example.com',
        phone: '13800138001',
      },
    ]);

    // The handoff code is good once.
    expect((await complete(t, landing)).body.code).toBe('1005');
    // A second sign-in is the same user.
    const again = await complete(t, await signInAtProvider(t, 'alice'));
    expect(again.body.code).toBe('0');
    expect(linkedUsers(t)).toHaveLength(1);
  });

  it('refuses a person in no mapped group with the reason, and creates no user', async () => {
    const t = await ssoApp();
    const landing = await signInAtProvider(t, 'carol');
    const refused = await complete(t, landing, 'en-US');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('None of your directory groups is mapped to a role; ask an administrator');
    expect(
      withSqlite(t.dataDir, (db) => db.prepare("select id from users where username = 'carol'").all()),
    ).toEqual([]);
  });

  it('never links a first sign-in to a local user of the same name', async () => {
    const t = await ssoApp();
    await addUser(t.dataDir, { username: 'root', password: 'Local-secret-1' });
    const refused = await complete(t, await signInAtProvider(t, 'root'));
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('用户名「root」已被本平台的其他账号使用，请联系管理员');
    expect(linkedUsers(t)).toEqual([]);
  });

  it('refuses a callback whose state it did not start, and a replayed callback', async () => {
    const t = await ssoApp();
    const authorization = await follow(t, '/cfop/login/oidc/start');
    const callback = await provider.signIn(authorization.href, 'alice');
    const forged = new URLSearchParams(callback.search);
    forged.set('state', 'a-state-this-console-never-made');
    const refusedForged = await complete(
      t,
      await follow(t, `/cfop/login/oidc/callback?${forged.toString()}`),
    );
    expect(refusedForged.body.code).toBe('1005');

    const landing = await follow(t, callback.pathname + callback.search);
    expect((await complete(t, landing)).body.code).toBe('0');
    const replayed = await complete(t, await follow(t, callback.pathname + callback.search));
    expect(replayed.body.code).toBe('1005');
  });

  it('finishes a sign-in only in the browser it began in', async () => {
    const t = await ssoApp();
    const mallory = browserOf(t);
    const authorization = await follow(t, '/cfop/login/oidc/start');
    expect(mallory.cookie).toMatch(/^cfop_sso=[0-9a-f]{64}$/);
    const set = (await t.app.inject({ method: 'GET', url: '/cfop/login/oidc/start' })).headers['set-cookie'];
    expect(set).toMatch(/; Path=\/cfop\/login; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const callback = await provider.signIn(authorization.href, 'alice');

    // Someone else's browser, sent the callback's link: the sign-in is not theirs to finish.
    const victim: Browser = { cookie: '' };
    const lured = await follow(t, callback.pathname + callback.search, victim);
    expect((await complete(t, lured, undefined, victim)).body.code).toBe('1005');

    // Nor the handoff code of a sign-in finished elsewhere; trying leaves it to its own browser.
    const landing = await follow(t, callback.pathname + callback.search, mallory);
    expect((await complete(t, landing, undefined, victim)).body.code).toBe('1005');
    expect((await complete(t, landing, undefined, mallory)).body.code).toBe('0');
  });

  it('refuses the provider’s error answer, and a user disabled on the console', async () => {
    const t = await ssoApp();
    const authorization = await follow(t, '/cfop/login/oidc/start');
    const state = authorization.searchParams.get('state') ?? '';
    const denied = new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer });
    const refused = await complete(t, await follow(t, `/cfop/login/oidc/callback?${denied.toString()}`));
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('身份提供方未确认您的身份，请重新登录');

    expect((await complete(t, await signInAtProvider(t, 'alice'))).body.code).toBe('0');
    withSqlite(t.dataDir, (db) =>
      db.prepare("update users set status = 'disabled' where username = 'alice'").run(),
    );
    const disabled = await complete(t, await signInAtProvider(t, 'alice'));
    expect(disabled.body).toMatchObject({ code: '1001', msg: '该账号已停用，请联系管理员' });
  });

  it('refuses an answer whose nonce is not the one sent', async () => {
    const t = await ssoApp();
    const authorization = await follow(t, '/cfop/login/oidc/start');
    // The provider is asked with another nonce than the one the console keeps for this state.
    authorization.searchParams.set('nonce', 'a-nonce-the-console-never-made');
    const callback = await provider.signIn(authorization.href, 'alice');
    const refused = await complete(t, await follow(t, callback.pathname + callback.search), 'en-US');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('The identity provider did not confirm who you are; sign in again');
    expect(linkedUsers(t)).toEqual([]);
  });

  it('takes the callback address from its setting, never from the request', async () => {
    const t = await ssoApp();
    const authorization = await follow(
      t,
      '/cfop/login/oidc/start?redirect_uri=https%3A%2F%2Fevil.example%2Fcb',
    );
    expect(authorization.searchParams.get('redirect_uri')).toBe(redirectUri);
    const callback = await provider.signIn(authorization.href, 'alice');
    const answer = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', cookie: browserOf(t).cookie },
    });
    const landing = new URL(answer.headers.location as string, consoleOrigin);
    // The code was issued for the configured address, and is redeemed with it.
    expect((await complete(t, landing)).body.code).toBe('0');
  });

  it('signs a user of the provider out there too (RP-initiated logout), a local user only here', async () => {
    const t = await ssoApp();
    const { token } = (await complete(t, await signInAtProvider(t, 'alice'))).body.data;
    const out = await t.call('logout', { token });
    const endSession = new URL(out.body.data.endSessionUrl);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('client_id')).toBe(provider.clientId);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${consoleOrigin}/user/login`);
    const [kept] = withSqlite(t.dataDir, (db) => db.prepare('select id_token from oidc_tokens').all()) as {
      id_token: string;
    }[];
    expect(endSession.searchParams.get('id_token_hint')).toBe(kept?.id_token);
    expect((await t.call('getCurrentUser', { token })).status).toBe(401);
    // The provider knows the address: it asks to confirm, rather than refusing the request.
    const confirm = await fetch(endSession);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('logout');

    const admin = await t.signIn('admin', testAdminPassword);
    expect((await t.call('logout', { token: admin })).body.data).toBeNull();
  });

  it('returns only to a console path', async () => {
    const t = await ssoApp();
    for (const elsewhere of [
      'https://evil.example/',
      '//evil.example/x',
      '/cfop/user/info',
      '/\\evil.example',
    ]) {
      const landing = await signInAtProvider(
        t,
        'alice',
        `/cfop/login/oidc/start?redirect=${encodeURIComponent(elsewhere)}`,
      );
      expect(landing.searchParams.get('redirect')).toBeNull();
    }
  });

  it('asks the provider again: its groups change the roles, a refused refresh ends the sessions', async () => {
    const t = await ssoApp({ refreshMs: 100 });
    const auditorRoleId = await addRole(t.dataDir, 'auditor', ['KEY.SYSTEM', 'KEY.SYSTEM.LOG']);
    const admin = await t.signIn('admin', testAdminPassword);
    await t.call('createDirectoryGroupMapping', {
      token: admin,
      body: { provider: 'oidc', groupName: 'auditors', roleId: auditorRoleId },
    });
    provider.people.set('dave', { sub: 'sub-dave', preferred_username: 'dave', groups: ['operators'] });
    const { token } = (await complete(t, await signInAtProvider(t, 'dave'))).body.data;
    const rolesOfDave = async () => {
      const me = await t.call('getCurrentUser', { token });
      return me.status === 200 ? (me.body.data.roles as { id: number }[]).map((role) => role.id) : me.status;
    };
    expect(await rolesOfDave()).toEqual([t.operatorRoleId]);

    const dave = provider.people.get('dave');
    if (dave) dave.groups = ['auditors'];
    t.clock.advance(1000);
    await waitUntil(
      async () => (await rolesOfDave()).toString() === String(auditorRoleId),
      'the role of the group the provider names now',
    );

    provider.people.delete('dave');
    t.clock.advance(1000);
    await waitUntil(async () => (await rolesOfDave()) === 401, 'the session ended by the refused refresh');
  });
});
