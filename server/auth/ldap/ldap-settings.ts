import { readFileSync } from 'node:fs';
import type { SettingsReader } from '../../kernel/env-settings';

/** How a directory user's entry is found: their DN made from the name, or searched for by a service account. */
export type LdapUserLookup =
  | { readonly kind: 'template'; readonly dnTemplate: string }
  | {
      readonly kind: 'search';
      readonly bindDn: string;
      readonly bindPassword: string;
      readonly base: string;
      readonly filter: string;
    };

/** Where a user's groups come from: an attribute of their entry, or a search for groups naming them. */
export type LdapGroupLookup =
  | { readonly kind: 'attribute'; readonly attribute: string }
  | { readonly kind: 'search'; readonly base: string; readonly filter: string };

/** CFOP_LDAP_*: the directory users sign in with, when CFOP_LDAP_URL is set. */
export interface LdapSettings {
  /** CFOP_LDAP_URL: ldap:// or ldaps://, host and port only. */
  readonly url: string;
  /** CFOP_LDAP_STARTTLS: upgrade an ldap:// connection to TLS before anything is sent. */
  readonly startTls: boolean;
  /** CFOP_LDAP_CA_FILE's certificates (PEM), trusted for the directory's; undefined: the system's. */
  readonly ca: string | undefined;
  readonly user: LdapUserLookup;
  readonly groups: LdapGroupLookup;
  /** CFOP_LDAP_*_ATTRIBUTE: the entry's stable id, and what fills a user's name, phone and email. */
  readonly attributes: {
    readonly id: string;
    readonly name: string;
    readonly phone: string;
    readonly email: string;
  };
  /** CFOP_LDAP_TIMEOUT_SECONDS: how long connecting, and each operation, may take. */
  readonly timeoutMs: number;
}

/** CFOP_LOCAL_PASSWORD_SIGNIN (on | breakglass) and CFOP_BREAK_GLASS_USER. */
export type LocalPasswordSignIn =
  { readonly mode: 'on' } | { readonly mode: 'breakglass'; readonly username: string };

export interface DirectorySettings {
  /** undefined: no directory; local users only. */
  readonly ldap: LdapSettings | undefined;
  readonly localPasswordSignIn: LocalPasswordSignIn;
}

/** Where a template or filter puts the name typed at sign-in (escaped for a DN or a filter). */
export const usernamePlaceholder = '{username}';
/** Where a group filter puts the user's DN (escaped for a filter). */
export const dnPlaceholder = '{dn}';

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

export function readDirectorySettings(settings: SettingsReader): DirectorySettings {
  return { ldap: readLdapSettings(settings), localPasswordSignIn: readLocalPasswordSignIn(settings) };
}

function readLdapSettings(settings: SettingsReader): LdapSettings | undefined {
  const url = settings.text('CFOP_LDAP_URL');
  if (url === undefined) {
    for (const name of ['CFOP_LDAP_BIND_DN', 'CFOP_LDAP_USER_DN_TEMPLATE']) {
      if (settings.text(name) !== undefined) {
        settings.bad(name, '需同时设置 CFOP_LDAP_URL', 'needs CFOP_LDAP_URL as well');
      }
    }
    return undefined;
  }
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (
    !parsed ||
    !['ldap:', 'ldaps:'].includes(parsed.protocol) ||
    !parsed.hostname ||
    parsed.pathname.length > 1
  ) {
    settings.bad(
      'CFOP_LDAP_URL',
      '应为 ldap:// 或 ldaps:// 地址，只含主机与端口，如 ldaps://ldap.example.com:636',
      'must be an ldap:// or ldaps:// URL of host and port only, such as ldaps://ldap.example.com:636',
    );
  }
  const startTls = readSwitch(settings, 'CFOP_LDAP_STARTTLS');
  if (parsed?.protocol === 'ldaps:' && startTls) {
    settings.bad(
      'CFOP_LDAP_STARTTLS',
      'ldaps:// 已加密，不能再用 StartTLS',
      'cannot be on with ldaps://, which is encrypted already',
    );
  }
  // A password sent to a directory elsewhere in the clear can be read on the way.
  if (parsed?.protocol === 'ldap:' && !startTls && !loopbackHosts.includes(parsed.hostname)) {
    settings.bad(
      'CFOP_LDAP_URL',
      'ldap:// 会明文传送密码：请用 ldaps://，或设置 CFOP_LDAP_STARTTLS=on（仅本机目录可不加密）',
      'ldap:// sends passwords in the clear: use ldaps://, or set CFOP_LDAP_STARTTLS=on (only a directory on this host may go unencrypted)',
    );
  }
  return {
    url,
    startTls,
    ca: readCaFile(settings),
    user: readUserLookup(settings),
    groups: readGroupLookup(settings),
    attributes: {
      id: settings.text('CFOP_LDAP_ID_ATTRIBUTE') ?? 'entryUUID',
      name: settings.text('CFOP_LDAP_NAME_ATTRIBUTE') ?? 'cn',
      phone: settings.text('CFOP_LDAP_PHONE_ATTRIBUTE') ?? 'mobile',
      email: settings.text('CFOP_LDAP_EMAIL_ATTRIBUTE') ?? 'mail',
    },
    timeoutMs:
      settings.number('CFOP_LDAP_TIMEOUT_SECONDS', {
        fallback: 5,
        min: 1,
        max: 120,
        noun: { zh: '整数秒数', en: 'a whole number of seconds' },
      }) * 1000,
  };
}

function readSwitch(settings: SettingsReader, name: string): boolean {
  return (settings.oneOf(name, ['on', 'off']) ?? 'off') === 'on';
}

function readCaFile(settings: SettingsReader): string | undefined {
  const file = settings.text('CFOP_LDAP_CA_FILE');
  if (file === undefined) return undefined;
  try {
    const text = readFileSync(file, 'utf8');
    if (text.includes('-----BEGIN CERTIFICATE-----')) return text;
  } catch {
    // Reported below, as a file that is not PEM.
  }
  settings.bad(
    'CFOP_LDAP_CA_FILE',
    '应为可读的 PEM 证书文件（目录服务器证书的签发 CA）',
    'must be a readable PEM file of certificates (the CA that signed the directory’s certificate)',
  );
  return undefined;
}

function readUserLookup(settings: SettingsReader): LdapUserLookup {
  const dnTemplate = settings.text('CFOP_LDAP_USER_DN_TEMPLATE');
  const bindDn = settings.text('CFOP_LDAP_BIND_DN');
  if (dnTemplate !== undefined && bindDn === undefined) {
    requirePlaceholder(settings, 'CFOP_LDAP_USER_DN_TEMPLATE', dnTemplate, usernamePlaceholder);
    return { kind: 'template', dnTemplate };
  }
  const base = settings.text('CFOP_LDAP_USER_BASE') ?? '';
  const filter = settings.text('CFOP_LDAP_USER_FILTER') ?? `(uid=${usernamePlaceholder})`;
  const bindPassword = settings.raw('CFOP_LDAP_BIND_PASSWORD') ?? '';
  if (dnTemplate !== undefined || bindDn === undefined || !bindPassword || !base) {
    settings.bad(
      'CFOP_LDAP_BIND_DN',
      '请二选一：设置 CFOP_LDAP_USER_DN_TEMPLATE（以用户身份直接绑定），或设置 CFOP_LDAP_BIND_DN、CFOP_LDAP_BIND_PASSWORD 与 CFOP_LDAP_USER_BASE（先查找后绑定）',
      'choose one: CFOP_LDAP_USER_DN_TEMPLATE (bind as the user), or CFOP_LDAP_BIND_DN, CFOP_LDAP_BIND_PASSWORD and CFOP_LDAP_USER_BASE (search, then bind)',
    );
  }
  requirePlaceholder(settings, 'CFOP_LDAP_USER_FILTER', filter, usernamePlaceholder);
  return { kind: 'search', bindDn: bindDn ?? '', bindPassword, base, filter };
}

function readGroupLookup(settings: SettingsReader): LdapGroupLookup {
  const base = settings.text('CFOP_LDAP_GROUP_BASE');
  if (base === undefined) {
    return { kind: 'attribute', attribute: settings.text('CFOP_LDAP_GROUP_ATTRIBUTE') ?? 'memberOf' };
  }
  const filter =
    settings.text('CFOP_LDAP_GROUP_FILTER') ?? `(|(member=${dnPlaceholder})(uniqueMember=${dnPlaceholder}))`;
  requirePlaceholder(settings, 'CFOP_LDAP_GROUP_FILTER', filter, dnPlaceholder);
  return { kind: 'search', base, filter };
}

function requirePlaceholder(
  settings: SettingsReader,
  name: string,
  value: string,
  placeholder: string,
): void {
  if (!value.includes(placeholder)) {
    settings.bad(name, `须含 ${placeholder}`, `must contain ${placeholder}`);
  }
}

function readLocalPasswordSignIn(settings: SettingsReader): LocalPasswordSignIn {
  const mode = settings.oneOf('CFOP_LOCAL_PASSWORD_SIGNIN', ['on', 'breakglass']) ?? 'on';
  const username = settings.text('CFOP_BREAK_GLASS_USER');
  if (mode === 'on') {
    if (username !== undefined) {
      settings.bad(
        'CFOP_BREAK_GLASS_USER',
        '仅在 CFOP_LOCAL_PASSWORD_SIGNIN=breakglass 时使用',
        'is used only with CFOP_LOCAL_PASSWORD_SIGNIN=breakglass',
      );
    }
    return { mode };
  }
  if (username === undefined) {
    settings.bad(
      'CFOP_BREAK_GLASS_USER',
      'CFOP_LOCAL_PASSWORD_SIGNIN=breakglass 时必须指定仍可用本地密码登录的管理员用户名',
      'must name the administrator who still signs in by local password when CFOP_LOCAL_PASSWORD_SIGNIN=breakglass',
    );
    return { mode: 'on' };
  }
  return { mode, username };
}
