import type { FastifyBaseLogger } from 'fastify';
import {
  Client,
  InvalidCredentialsError,
  InvalidDNSyntaxError,
  SizeLimitExceededError,
  type Entry,
} from 'ldapts';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { ApiError } from '../../kernel/api-error';
import type { DirectoryAccount, IdentitySource } from '../external-identity';
import { dnKey, escapeDnValue, escapeFilterValue, fillIn } from './ldap-names';
import { dnPlaceholder, usernamePlaceholder, type LdapSettings } from './ldap-settings';

/** LDAP accounts in external_identities and the group mappings: groups are DNs, compared as dnKey makes them. */
export const ldapSource: IdentitySource = { provider: 'ldap', groupKey: dnKey };

/** What the directory said of a name and password: whose they are, or no one's. */
export type DirectoryAnswer = DirectoryAccount | 'refused';

export interface LdapDirectory {
  /**
   * Binds as the user (found by DN template or by a service account's search) and reads their
   * entry and groups. Answers 'refused' for a wrong name or password, whatever the directory's
   * reason; throws a 503 ApiError, logged with the reason, when the directory cannot answer.
   */
  authenticate(username: string, password: string): Promise<DirectoryAnswer>;
}

export const directoryUnavailable = () =>
  new ApiError('503', { zh: '目录服务暂不可用', en: 'The directory is unavailable' });

/** Attributes an Active Directory keeps as bytes: their id is told as hex. */
const binaryIdAttributes = ['objectguid', 'objectsid'];

/** A refusal of the user's own bind or lookup, told apart from the directory failing. */
class Refused extends Error {}

export function createLdapDirectory(settings: LdapSettings, log: FastifyBaseLogger): LdapDirectory {
  const tlsOptions: ConnectionOptions = {
    minVersion: 'TLSv1.2',
    ...(settings.ca ? { ca: settings.ca } : {}),
  };
  // ldapts upgrades the socket with no host: the certificate would be checked against `localhost`.
  const host = new URL(settings.url).hostname.replace(/^\[(.*)\]$/, '$1');
  const startTlsOptions: ConnectionOptions = {
    ...tlsOptions,
    host,
    ...(isIP(host) === 0 ? { servername: host } : {}),
  };
  const { attributes } = settings;
  const groupAttribute = settings.groups.kind === 'attribute' ? [settings.groups.attribute] : [];
  const wanted = [attributes.id, attributes.name, attributes.phone, attributes.email, ...groupAttribute];

  async function userBind(client: Client, dn: string, password: string): Promise<void> {
    try {
      await client.bind(dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError || error instanceof InvalidDNSyntaxError)
        throw new Refused();
      throw error;
    }
  }

  async function readEntry(client: Client, dn: string): Promise<Entry> {
    const { searchEntries } = await client.search(dn, {
      scope: 'base',
      attributes: wanted,
      explicitBufferAttributes: [attributes.id],
    });
    const [entry] = searchEntries;
    if (!entry) throw new Error(`the entry ${dn} cannot be read after its bind`);
    return entry;
  }

  async function findEntry(client: Client, username: string): Promise<Entry> {
    if (settings.user.kind !== 'search') throw new Error('no user search configured');
    const { base, filter } = settings.user;
    try {
      const { searchEntries } = await client.search(base, {
        scope: 'sub',
        filter: fillIn(filter, usernamePlaceholder, escapeFilterValue(username)),
        attributes: wanted,
        explicitBufferAttributes: [attributes.id],
        sizeLimit: 2,
      });
      if (searchEntries.length === 1) return searchEntries[0] as Entry;
      if (searchEntries.length > 1)
        log.warn({ username }, 'LDAP sign-in: the user filter matches several entries');
    } catch (error) {
      if (!(error instanceof SizeLimitExceededError)) throw error;
      log.warn({ username }, 'LDAP sign-in: the user filter matches several entries');
    }
    throw new Refused();
  }

  async function groupsOf(client: Client, entry: Entry): Promise<string[]> {
    if (settings.groups.kind === 'attribute') return textsOf(entry, settings.groups.attribute);
    const { base, filter } = settings.groups;
    const { searchEntries } = await client.search(base, {
      scope: 'sub',
      filter: fillIn(filter, dnPlaceholder, escapeFilterValue(entry.dn)),
      attributes: ['1.1'],
    });
    return searchEntries.map((group) => group.dn);
  }

  async function lookUp(client: Client, username: string, password: string): Promise<DirectoryAccount> {
    if (settings.startTls) await client.startTLS(startTlsOptions);
    let entry: Entry;
    let groups: string[];
    if (settings.user.kind === 'search') {
      // The service account finds the entry and its groups; the user's bind then proves the password.
      await client.bind(settings.user.bindDn, settings.user.bindPassword);
      entry = await findEntry(client, username);
      groups = await groupsOf(client, entry);
      await userBind(client, entry.dn, password);
    } else {
      const dn = fillIn(settings.user.dnTemplate, usernamePlaceholder, escapeDnValue(username));
      await userBind(client, dn, password);
      entry = await readEntry(client, dn);
      groups = await groupsOf(client, entry);
    }
    const subject = idOf(entry, attributes.id);
    if (subject === undefined) throw new Error(`the entry ${entry.dn} has no ${attributes.id}`);
    return {
      subject,
      username,
      name: textsOf(entry, attributes.name)[0],
      phone: textsOf(entry, attributes.phone)[0],
      email: textsOf(entry, attributes.email)[0],
      groups: groups.map(dnKey),
    };
  }

  return {
    async authenticate(username, password) {
      // An empty password is an unauthenticated bind, which a directory accepts for any DN.
      if (password === '') return 'refused';
      const client = new Client({
        url: settings.url,
        timeout: settings.timeoutMs,
        connectTimeout: settings.timeoutMs,
        // ldapts speaks TLS from the start whenever it is given TLS options: ldap:// gets none.
        ...(settings.url.startsWith('ldaps:') ? { tlsOptions } : {}),
      });
      try {
        return await lookUp(client, username, password);
      } catch (error) {
        if (error instanceof Refused) return 'refused';
        log.error({ err: error, url: settings.url }, 'LDAP sign-in: the directory cannot answer');
        throw directoryUnavailable();
      } finally {
        await client.unbind().catch(() => {});
      }
    },
  };
}

/** An attribute's values as text, its name matched without regard to case as LDAP does. */
function textsOf(entry: Entry, attribute: string): string[] {
  const value = valueOf(entry, attribute);
  if (value === undefined) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.map((one) => (Buffer.isBuffer(one) ? one.toString('utf8') : one));
}

function idOf(entry: Entry, attribute: string): string | undefined {
  const value = valueOf(entry, attribute);
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  const bytes = Buffer.isBuffer(first) ? first : Buffer.from(first);
  if (bytes.length === 0) return undefined;
  return binaryIdAttributes.includes(attribute.toLowerCase())
    ? bytes.toString('hex')
    : bytes.toString('utf8');
}

function valueOf(entry: Entry, attribute: string): Entry[string] | undefined {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  return key === undefined || key === 'dn' ? undefined : entry[key];
}
