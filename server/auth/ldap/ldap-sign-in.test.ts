import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOptions } from '../../app';
import {
  addRole,
  addUser,
  afterSuite,
  capturedLog,
  startTestApp,
  tempDir,
  testAdminPassword,
  withSqlite,
  type TestApp,
} from '../../test-support/test-app';
import {
  makeTestCertificates,
  peopleBase,
  groupBase,
  startSlapd,
  type Slapd,
} from '../../test-support/slapd';
import type { DirectorySettings, LdapSettings, LocalPasswordSignIn } from './ldap-settings';

// Sign-in against Debian's slapd run on loopback: search then bind, or bind by a DN template;
// groups by memberOf or by a group search; roles by the group mappings; the guessing limits.

const cleanup = afterSuite();
let slapd: Slapd;
let caPem: string;
const dns: Record<string, string> = {};

beforeAll(async () => {
  const dir = tempDir(cleanup);
  const certificates = makeTestCertificates(dir);
  caPem = readFileSync(certificates.caFile, 'utf8');
  slapd = await startSlapd(dir, certificates);
  cleanup(() => slapd.stop());
  dns.alice = await slapd.addPerson({
    uid: 'alice',
    password: 'alice-pass',
    cn: 'Alice Zhang',
    mobile: '+86 138 0013 8001',
    mail: 'alice@example.com',
  });
  dns.bob = await slapd.addPerson({ uid: 'bob', password: 'bob-pass', cn: 'Bob Li' });
  dns.carol = await slapd.addPerson({ uid: 'carol', password: 'carol-pass', cn: 'Carol Wang' });
  dns.erin = await slapd.addPerson({ uid: 'erin', password: 'erin-directory', cn: 'Erin Directory' });
  dns.operators = await slapd.addGroup('operators', [dns.alice, dns.bob, dns.erin]);
  dns.visitors = await slapd.addGroup('visitors', [dns.carol]);
});

/** The directory's service account is its root here; installers give a read-only one. */
function searchSettings(change: Partial<LdapSettings> = {}): LdapSettings {
  return {
    url: slapd.url,
    startTls: false,
    ca: undefined,
    user: {
      kind: 'search',
      bindDn: 'cn=admin,dc=example,dc=com',
      bindPassword: 'root-secret',
      base: peopleBase,
      filter: '(&(objectClass=inetOrgPerson)(uid={username}))',
    },
    groups: { kind: 'attribute', attribute: 'memberOf' },
    attributes: { id: 'entryUUID', name: 'cn', phone: 'mobile', email: 'mail' },
    timeoutMs: 5000,
    ...change,
  };
}

const templateSettings = (change: Partial<LdapSettings> = {}) =>
  searchSettings({
    user: { kind: 'template', dnTemplate: `uid={username},${peopleBase}` },
    groups: { kind: 'search', base: groupBase, filter: '(member={dn})' },
    ...change,
  });

async function directoryApp(
  ldap: LdapSettings,
  localPasswordSignIn: LocalPasswordSignIn = { mode: 'on' },
  options: Partial<AppOptions> = {},
): Promise<TestApp & { operatorRoleId: number }> {
  const directory: DirectorySettings = { ldap, localPasswordSignIn };
  const t = await startTestApp({ directory, ...options });
  const operatorRoleId = await addRole(t.dataDir, 'operator', ['KEY.CENTER', 'KEY.CENTER.AIWARN']);
  const admin = await t.signIn('admin', testAdminPassword);
  const mapped = await t.call('createDirectoryGroupMapping', {
    token: admin,
    body: {
      provider: 'ldap',
      groupName: 'CN=Operators, ou=groups,dc=example,dc=com',
      roleId: operatorRoleId,
    },
  });
  expect(mapped.status).toBe(200);
  return { ...t, operatorRoleId };
}

const signIn = (t: TestApp, username: string, password: string) =>
  t.call('loginByPassword', { body: { username, password } });

describe.each([
  ['search then bind, groups by memberOf', searchSettings],
  ['bind by DN template, groups by search', templateSettings],
])('LDAP sign-in (%s)', (_, settings) => {
  it('creates the user on first sign-in, linked by entryUUID, with the mapped role', async () => {
    const t = await directoryApp(settings());
    const first = await signIn(t, 'alice', 'alice-pass');
    expect(first.body).toMatchObject({ success: true, code: '0' });
    const me = await t.call('getCurrentUser', { token: first.body.data.token });
    expect(me.body.data).toMatchObject({ userName: 'alice', name: 'Alice Zhang', phone: '13800138001' });
    expect(me.body.data.roles).toEqual([expect.objectContaining({ id: t.operatorRoleId })]);
    expect(me.body.data.permissionInfos.map((p: { code: string }) => p.code)).toEqual(
      expect.arrayContaining(['KEY.CENTER.AIWARN']),
    );
    const uuid = await slapd.entryUuid(dns.alice as string);
    const linked = () =>
      withSqlite(t.dataDir, (db) =>
        db
          .prepare(
            'select e.provider, e.subject, u.username, u.email from external_identities e join users u on u.id = e.user_id',
          )
          .all(),
      );
    expect(linked()).toEqual([
      { provider: 'ldap', subject: uuid, username: 'alice', email: 'alice@example.com' },
    ]);

    // Full width folds to the directory's name; the same person signs in to the same user.
    expect((await signIn(t, 'ＡＬＩＣＥ', 'alice-pass')).body.code).toBe('0');
    expect(linked()).toHaveLength(1);
  });

  it('refuses a person in no mapped group, naming why, and creates no user', async () => {
    const t = await directoryApp(settings());
    const refused = await signIn(t, 'carol', 'carol-pass');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('您所在的目录组未映射到任何角色，请联系管理员');
    const english = await t.call('loginByPassword', {
      body: { username: 'carol', password: 'carol-pass' },
      lang: 'en-US',
    });
    expect(english.body.msg).toBe('None of your directory groups is mapped to a role; ask an administrator');
    expect(
      withSqlite(t.dataDir, (db) => db.prepare("select id from users where username = 'carol'").all()),
    ).toEqual([]);
  });

  it('answers a wrong password and an unknown name as a local wrong password', async () => {
    const t = await directoryApp(settings());
    const local = await signIn(t, 'admin', 'not-the-password');
    for (const [username, password] of [
      ['alice', 'wrong'],
      ['nobody', 'whatever'],
    ]) {
      const answer = await signIn(t, username as string, password as string);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(local.body);
    }
  });
});

describe('LDAP sign-in', () => {
  it('reads the roles again at each sign-in: a group left takes its role away', async () => {
    const t = await directoryApp(searchSettings());
    const auditorRoleId = await addRole(t.dataDir, 'auditor', ['KEY.SYSTEM', 'KEY.SYSTEM.LOG']);
    const admin = await t.signIn('admin', testAdminPassword);
    const auditors = await slapd.addGroup('auditors', [dns.bob as string, dns.carol as string]);
    await t.call('createDirectoryGroupMapping', {
      token: admin,
      body: { provider: 'ldap', groupName: auditors, roleId: auditorRoleId },
    });
    const rolesOfBob = async () => {
      const { body } = await signIn(t, 'bob', 'bob-pass');
      if (!body.success) return body.msg as string;
      const me = await t.call('getCurrentUser', { token: body.data.token });
      return (me.body.data.roles as { id: number }[]).map((role) => role.id).sort();
    };
    expect(await rolesOfBob()).toEqual([t.operatorRoleId, auditorRoleId].sort());
    await slapd.removeMember(auditors, dns.bob as string);
    expect(await rolesOfBob()).toEqual([t.operatorRoleId]);
    await slapd.remove(auditors);
  });

  it('takes every role of a linked user who left all mapped groups, and refuses them', async () => {
    const t = await directoryApp(searchSettings());
    const frank = await slapd.addPerson({ uid: 'frank', password: 'frank-pass', cn: 'Frank' });
    const team = await slapd.addGroup('frank-team', [frank]);
    const admin = await t.signIn('admin', testAdminPassword);
    await t.call('createDirectoryGroupMapping', {
      token: admin,
      body: { provider: 'ldap', groupName: team, roleId: t.operatorRoleId },
    });
    expect((await signIn(t, 'frank', 'frank-pass')).body.code).toBe('0');
    await slapd.remove(team);
    expect((await signIn(t, 'frank', 'frank-pass')).status).toBe(403);
    const roles = withSqlite(t.dataDir, (db) =>
      db
        .prepare(
          "select r.role_id from user_roles r join users u on u.id = r.user_id where u.username = 'frank'",
        )
        .all(),
    );
    expect(roles).toEqual([]);
    await slapd.remove(frank);
  });

  it('refuses a directory user’s SMS code sign-in: the directory alone says who they are', async () => {
    const t = await directoryApp(searchSettings());
    expect((await signIn(t, 'alice', 'alice-pass')).body.code).toBe('0');
    const phone = '13800138001';
    await t.call('sendSmsCode', { body: { phone } });
    const refused = await t.call('loginBySms', { body: { phone, code: t.sent[0]?.code } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('该账号由企业目录管理，请用目录账号和密码登录');
  });

  it('holds a name to the guessing limits of password sign-in', async () => {
    const t = await directoryApp(searchSettings());
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await signIn(t, 'alice', 'wrong')).body.code).toBe('1001');
    }
    expect((await signIn(t, 'alice', 'wrong')).status).toBe(423);
    const locked = await signIn(t, 'alice', 'alice-pass');
    expect(locked.status).toBe(423);
  });

  it('answers 503 when the directory is down, logs why, and counts no guess', async () => {
    const { logger, lines } = capturedLog();
    const t = await directoryApp(
      searchSettings({ url: 'ldap://127.0.0.1:1', timeoutMs: 2000 }),
      { mode: 'on' },
      { logger },
    );
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const down = await signIn(t, 'alice', 'alice-pass');
      expect(down.status).toBe(503);
      expect(down.body.msg).toBe('目录服务暂不可用');
    }
    expect(lines.some((line) => line.msg === 'LDAP sign-in: the directory cannot answer')).toBe(true);
    expect(
      withSqlite(t.dataDir, (db) => db.prepare('select count(*) as n from sign_in_attempts').get()),
    ).toEqual({ n: 0 });
  });

  it('answers 503 when the service account is refused: a setting is wrong, not the user', async () => {
    const settings = searchSettings();
    const t = await directoryApp({
      ...settings,
      user: { ...settings.user, bindPassword: 'wrong' } as LdapSettings['user'],
    });
    expect((await signIn(t, 'alice', 'alice-pass')).status).toBe(503);
  });

  it('keeps local users signing in locally; a directory person with a local name is refused', async () => {
    const t = await directoryApp(searchSettings());
    await addUser(t.dataDir, { username: 'erin', password: 'erin-local-1' });
    expect((await signIn(t, 'erin', 'erin-local-1')).body.code).toBe('0');
    expect((await signIn(t, 'erin', 'erin-directory')).body.code).toBe('1001');
    expect((await signIn(t, 'admin', testAdminPassword)).body.code).toBe('0');
  });

  it('breakglass: only the named user signs in by local password; directory users still do', async () => {
    const t = await directoryApp(searchSettings(), { mode: 'breakglass', username: 'admin' });
    await addUser(t.dataDir, { username: 'grace', password: 'grace-local-1' });
    expect((await signIn(t, 'Admin', testAdminPassword)).body.code).toBe('0');
    const grace = await signIn(t, 'grace', 'grace-local-1');
    expect(grace.body).toMatchObject({ code: '1001', msg: '用户名或密码错误' });
    expect((await signIn(t, 'alice', 'alice-pass')).body.code).toBe('0');
  });

  it('signs in over ldaps:// and StartTLS, trusting the configured CA and the URL’s host only', async () => {
    const ldaps = await directoryApp(searchSettings({ url: slapd.tlsUrl as string, ca: caPem }));
    expect((await signIn(ldaps, 'alice', 'alice-pass')).body.code).toBe('0');
    const startTls = await directoryApp(searchSettings({ startTls: true, ca: caPem }));
    expect((await signIn(startTls, 'alice', 'alice-pass')).body.code).toBe('0');
    const untrusted = await directoryApp(searchSettings({ url: slapd.tlsUrl as string }));
    expect((await signIn(untrusted, 'alice', 'alice-pass')).status).toBe(503);
    // The certificate names 127.0.0.1 only: reached as localhost, it is another server's.
    const elsewhere = (url: string) => url.replace('127.0.0.1', 'localhost');
    const wrongName = await directoryApp(
      searchSettings({ url: elsewhere(slapd.tlsUrl as string), ca: caPem }),
    );
    expect((await signIn(wrongName, 'alice', 'alice-pass')).status).toBe(503);
    const wrongNameStartTls = await directoryApp(
      searchSettings({ url: elsewhere(slapd.url), startTls: true, ca: caPem }),
    );
    expect((await signIn(wrongNameStartTls, 'alice', 'alice-pass')).status).toBe(503);
  });
});

describe('directory group mappings', () => {
  it('let nobody map a role holding more than they do', async () => {
    const t = await directoryApp(searchSettings());
    await addRole(t.dataDir, 'mapper', ['KEY.SYSTEM', 'KEY.SYSTEM.DIRECTORY']);
    await addUser(t.dataDir, { username: 'mapper', password: 'mapper-pass1', roles: ['mapper'] });
    const token = await t.signIn('mapper', 'mapper-pass1');
    const adminRoleId = withSqlite(
      t.dataDir,
      (db) => (db.prepare("select id from roles where code = 'admin'").get() as { id: number }).id,
    );
    for (const roleId of [adminRoleId, t.operatorRoleId]) {
      const refused = await t.call('createDirectoryGroupMapping', {
        token,
        body: { provider: 'ldap', groupName: 'cn=x,dc=example,dc=com', roleId },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.data.errors[0].field).toBe('roleId');
    }
    const list = await t.call('listDirectoryGroupMappings', { token });
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ provider: 'ldap', roleId: t.operatorRoleId, roleName: 'operator' }),
    ]);
    const removal = await t.call('deleteDirectoryGroupMapping', {
      token,
      params: { id: list.body.data.items[0].id },
    });
    expect(removal.status).toBe(400);
  });
});
