import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterSuite, tempDir } from '../../test-support/test-app';
import { peopleBase, rootDn, rootPassword, startSlapd, type Slapd } from '../../test-support/slapd';
import { createLdapDirectory } from './ldap-directory';
import { dnKey, escapeDnValue, escapeFilterValue } from './ldap-names';
import type { LdapSettings } from './ldap-settings';

describe('names put into DNs and filters', () => {
  it('escape what RFC 4514 and RFC 4515 make special', () => {
    expect(escapeDnValue(' #a,b+c"d\\e<f>g;h=i ')).toBe('\\ #a\\,b\\+c\\"d\\\\e\\<f\\>g\\;h\\=i\\ ');
    expect(escapeDnValue('#x')).toBe('\\#x');
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\0')).toBe('a\\5cb\\00');
  });

  it('compare DNs without regard to case or the spaces around commas and equals signs', () => {
    expect(dnKey('CN=Ops Team, OU=Groups ,dc = Example,dc=com')).toBe(
      'cn=ops team,ou=groups,dc=example,dc=com',
    );
    expect(dnKey('cn=a\\,b,dc=com')).toBe('cn=a\\,b,dc=com');
  });
});

const cleanup = afterSuite();
let slapd: Slapd;

beforeAll(async () => {
  slapd = await startSlapd(tempDir(cleanup));
  cleanup(() => slapd.stop());
  await slapd.addPerson({ uid: 'alice', password: 'alice-pass', cn: 'Alice' });
  await slapd.addPerson({ uid: 'alina', password: 'alina-pass', cn: 'Alina' });
});

const log = Fastify({ logger: false }).log;

function directory(user: LdapSettings['user']) {
  return createLdapDirectory(
    {
      url: slapd.url,
      startTls: false,
      ca: undefined,
      user,
      groups: { kind: 'attribute', attribute: 'memberOf' },
      attributes: { id: 'entryUUID', name: 'cn', phone: 'mobile', email: 'mail' },
      timeoutMs: 5000,
    },
    log,
  );
}

const searching = () =>
  directory({
    kind: 'search',
    bindDn: rootDn,
    bindPassword: rootPassword,
    base: peopleBase,
    filter: '(uid={username})',
  });
const templated = () => directory({ kind: 'template', dnTemplate: `uid={username},${peopleBase}` });

describe.each([
  ['search then bind', searching],
  ['DN template', templated],
])('a hostile name (%s)', (_, make) => {
  it.each(['al*', '*)(uid=alice', '*', 'alice)(|(uid=*', 'alice,ou=people', 'x+uid=alice', '\\61lice'])(
    '%j signs in no one, with alice’s password',
    async (name) => {
      expect(await make().authenticate(name, 'alice-pass')).toBe('refused');
    },
  );

  it('an empty password signs in no one (it would be an unauthenticated bind)', async () => {
    expect(await make().authenticate('alice', '')).toBe('refused');
  });

  it('the real name and password sign in the one person', async () => {
    expect(await make().authenticate('alice', 'alice-pass')).toMatchObject({
      username: 'alice',
      name: 'Alice',
    });
  });
});
