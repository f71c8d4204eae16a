import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../config';
import { settingMessages } from '../../test-support/setting-problems';
import { tempDir } from '../../test-support/test-app';

const searchEnv = {
  CFOP_LDAP_URL: 'ldaps://ldap.example.com',
  CFOP_LDAP_BIND_DN: 'cn=reader,dc=example,dc=com',
  CFOP_LDAP_BIND_PASSWORD: ' secret ',
  CFOP_LDAP_USER_BASE: 'ou=people,dc=example,dc=com',
};

describe('directory settings (CFOP_LDAP_*, CFOP_LOCAL_PASSWORD_SIGNIN)', () => {
  it('read a search-then-bind directory with the OpenLDAP defaults', () => {
    expect(readServerConfig(searchEnv).directory).toEqual({
      ldap: {
        url: 'ldaps://ldap.example.com',
        startTls: false,
        ca: undefined,
        user: {
          kind: 'search',
          bindDn: 'cn=reader,dc=example,dc=com',
          bindPassword: ' secret ',
          base: 'ou=people,dc=example,dc=com',
          filter: '(uid={username})',
        },
        groups: { kind: 'attribute', attribute: 'memberOf' },
        attributes: { id: 'entryUUID', name: 'cn', phone: 'mobile', email: 'mail' },
        timeoutMs: 5000,
      },
      localPasswordSignIn: { mode: 'on' },
    });
  });

  it('read a DN template, a group search, a CA file and break-glass', () => {
    const dir = tempDir();
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const { directory } = readServerConfig({
      CFOP_LDAP_URL: 'ldap://ldap.example.com:389',
      CFOP_LDAP_STARTTLS: 'on',
      CFOP_LDAP_CA_FILE: caFile,
      CFOP_LDAP_USER_DN_TEMPLATE: 'uid={username},ou=people,dc=example,dc=com',
      CFOP_LDAP_GROUP_BASE: 'ou=groups,dc=example,dc=com',
      CFOP_LOCAL_PASSWORD_SIGNIN: 'breakglass',
      CFOP_BREAK_GLASS_USER: 'admin',
    });
    expect(directory.ldap).toMatchObject({
      startTls: true,
      ca: expect.stringContaining('BEGIN CERTIFICATE'),
      user: { kind: 'template', dnTemplate: 'uid={username},ou=people,dc=example,dc=com' },
      groups: {
        kind: 'search',
        base: 'ou=groups,dc=example,dc=com',
        filter: '(|(member={dn})(uniqueMember={dn}))',
      },
    });
    expect(directory.localPasswordSignIn).toEqual({ mode: 'breakglass', username: 'admin' });
  });

  it('refuse to start on what would not work or would send passwords in the clear', () => {
    expect(settingMessages({ ...searchEnv, CFOP_LDAP_URL: 'ldap://ldap.example.com' })).toEqual({
      CFOP_LDAP_URL: expect.stringContaining('sends passwords in the clear'),
    });
    expect(settingMessages({ ...searchEnv, CFOP_LDAP_URL: 'ldap://127.0.0.1:3389' })).toEqual({});
    expect(settingMessages({ ...searchEnv, CFOP_LDAP_URL: 'https://ldap.example.com' })).toHaveProperty(
      'CFOP_LDAP_URL',
    );
    expect(settingMessages({ ...searchEnv, CFOP_LDAP_STARTTLS: 'on' })).toHaveProperty('CFOP_LDAP_STARTTLS');
    expect(settingMessages({ ...searchEnv, CFOP_LDAP_CA_FILE: '/nonexistent/ca.pem' })).toHaveProperty(
      'CFOP_LDAP_CA_FILE',
    );
    expect(settingMessages({ ...searchEnv, CFOP_LDAP_USER_FILTER: '(uid=alice)' })).toEqual({
      CFOP_LDAP_USER_FILTER: 'must contain {username}',
    });
    expect(settingMessages({ CFOP_LDAP_URL: 'ldaps://ldap.example.com' })).toHaveProperty(
      'CFOP_LDAP_BIND_DN',
    );
    expect(settingMessages({ CFOP_LDAP_BIND_DN: 'cn=reader' })).toEqual({
      CFOP_LDAP_BIND_DN: 'needs CFOP_LDAP_URL as well',
    });
    expect(settingMessages({ CFOP_LOCAL_PASSWORD_SIGNIN: 'breakglass' })).toHaveProperty(
      'CFOP_BREAK_GLASS_USER',
    );
    expect(settingMessages({ CFOP_LOCAL_PASSWORD_SIGNIN: 'off' })).toHaveProperty(
      'CFOP_LOCAL_PASSWORD_SIGNIN',
    );
  });
});
