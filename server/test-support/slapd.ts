import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import { scaled } from '../../test-support/test-timeouts';
import { answersOn, stopProcess } from './daemon-process';
import { spawnDyingWithParent } from '../process/parent-death';
import { freeLoopbackPort } from '../../test-support/server-process';
import { waitUntil } from './wait-until';

// Debian's OpenLDAP server (apt-get install slapd), run by a test in its own folder on loopback:
// the real protocol, with the memberof overlay keeping each person's memberOf as groups change.

export const slapdProgram = '/usr/sbin/slapd';
export const suffix = 'dc=example,dc=com';
export const rootDn = `cn=admin,${suffix}`;
export const rootPassword = 'root-secret';
export const peopleBase = `ou=people,${suffix}`;
export const groupBase = `ou=groups,${suffix}`;

export interface DirectoryPerson {
  readonly uid: string;
  readonly password: string;
  readonly cn: string;
  readonly mobile?: string;
  readonly mail?: string;
}

/** A running slapd: its ldap:// URL (ldaps:// too when started with TLS) and how to change its entries. */
export interface Slapd {
  readonly url: string;
  readonly tlsUrl: string | undefined;
  /** Adds a person under ou=people; answers their DN. */
  addPerson(person: DirectoryPerson): Promise<string>;
  /** Adds a groupOfNames under ou=groups with these members' DNs; answers its DN. */
  addGroup(cn: string, memberDns: readonly string[]): Promise<string>;
  /** Removes a member from a group. */
  removeMember(groupDn: string, memberDn: string): Promise<void>;
  /** Deletes an entry. */
  remove(dn: string): Promise<void>;
  /** The entry's entryUUID. */
  entryUuid(dn: string): Promise<string>;
  stop(): Promise<void>;
}

/** A certificate and key for the directory, signed by a CA made for the test. */
export interface TestCertificates {
  readonly caFile: string;
  readonly certFile: string;
  readonly keyFile: string;
}

/** Makes a CA and a certificate for 127.0.0.1 (not localhost) signed by it, in `dir`. */
export function makeTestCertificates(dir: string): TestCertificates {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=cfop test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  );
  writeFileSync(file('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('san.ext'),
    '-out',
    file('server.pem'),
  );
  return { caFile: file('ca.pem'), certFile: file('server.pem'), keyFile: file('server.key') };
}

function configOf(dir: string, tls: TestCertificates | undefined): string {
  return [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    'include /etc/ldap/schema/nis.schema',
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'moduleload memberof',
    `pidfile ${join(dir, 'slapd.pid')}`,
    ...(tls
      ? [
          `TLSCACertificateFile ${tls.caFile}`,
          `TLSCertificateFile ${tls.certFile}`,
          `TLSCertificateKeyFile ${tls.keyFile}`,
        ]
      : []),
    'database mdb',
    'maxsize 10485760',
    `suffix "${suffix}"`,
    `rootdn "${rootDn}"`,
    `rootpw ${rootPassword}`,
    `directory ${join(dir, 'db')}`,
    'overlay memberof',
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by users read by * none',
    '',
  ].join('\n');
}

/**
 * Starts slapd with its database and configuration in `dir` on a free loopback port (and an
 * ldaps:// one when `tls` is given), with the suffix, ou=people and ou=groups in it.
 */
export async function startSlapd(dir: string, tls?: TestCertificates): Promise<Slapd> {
  mkdirSync(join(dir, 'db'), { recursive: true });
  writeFileSync(join(dir, 'slapd.conf'), configOf(dir, tls));
  const port = await freeLoopbackPort();
  const tlsPort = tls ? await freeLoopbackPort() : undefined;
  const url = `ldap://127.0.0.1:${port}`;
  const tlsUrl = tlsPort === undefined ? undefined : `ldaps://127.0.0.1:${tlsPort}`;
  const listen = [`${url}/`, ...(tlsUrl ? [`${tlsUrl}/`] : [])].join(' ');
  // -d 0: in the foreground, so the test owns the process; no debug output.
  const child = spawnDyingWithParent(slapdProgram, ['-d', '0', '-f', join(dir, 'slapd.conf'), '-h', listen], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`slapd stopped: ${stderr}`);
        return (await answersOn(port)) && (tlsPort === undefined || (await answersOn(tlsPort)));
      },
      'slapd to listen',
      scaled(10_000),
    );
  } catch (error) {
    await stopProcess(child);
    throw error;
  }

  const asRoot = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ url });
    try {
      await client.bind(rootDn, rootPassword);
      return await work(client);
    } finally {
      await client.unbind();
    }
  };
  await asRoot(async (client) => {
    await client.add(suffix, {
      objectClass: ['top', 'dcObject', 'organization'],
      dc: 'example',
      o: 'Example',
    });
    for (const ou of ['people', 'groups']) {
      await client.add(`ou=${ou},${suffix}`, { objectClass: ['organizationalUnit'], ou });
    }
  });

  return {
    url,
    tlsUrl,
    addPerson: (person) =>
      asRoot(async (client) => {
        const dn = `uid=${person.uid},${peopleBase}`;
        await client.add(dn, {
          objectClass: ['inetOrgPerson'],
          uid: person.uid,
          cn: person.cn,
          sn: person.cn,
          userPassword: person.password,
          ...(person.mobile ? { mobile: person.mobile } : {}),
          ...(person.mail ? { mail: person.mail } : {}),
        });
        return dn;
      }),
    addGroup: (cn, memberDns) =>
      asRoot(async (client) => {
        const dn = `cn=${cn},${groupBase}`;
        await client.add(dn, { objectClass: ['groupOfNames'], cn, member: [...memberDns] });
        return dn;
      }),
    removeMember: (groupDn, memberDn) =>
      asRoot(async (client) => {
        await client.modify(
          groupDn,
          new Change({
            operation: 'delete',
            modification: new Attribute({ type: 'member', values: [memberDn] }),
          }),
        );
      }),
    remove: (dn) => asRoot((client) => client.del(dn)),
    entryUuid: (dn) =>
      asRoot(async (client) => {
        const { searchEntries } = await client.search(dn, { scope: 'base', attributes: ['entryUUID'] });
        return String(searchEntries[0]?.entryUUID);
      }),
    stop: () => stopProcess(child),
  };
}
