import { appSettings } from '../../../src/generated/settings';
import type { SettingsReader } from '../../kernel/env-settings';

/** CFOP_OIDC_*: the OpenID Connect provider users sign in with, when CFOP_OIDC_ISSUER is set. */
export interface OidcSettings {
  /** CFOP_OIDC_ISSUER: the provider's issuer URL; its discovery document is under it. */
  readonly issuer: URL;
  readonly clientId: string;
  /** CFOP_OIDC_CLIENT_SECRET; undefined: a public client, which PKCE alone protects. */
  readonly clientSecret: string | undefined;
  /** CFOP_OIDC_REDIRECT_URI: the console's callback as registered at the provider, never the request's. */
  readonly redirectUri: URL;
  /**
   * CFOP_OIDC_POST_LOGOUT_REDIRECT_URI: where the provider sends the browser after signing out
   * there; default the console's login page, on the callback's host.
   */
  readonly postLogoutRedirectUri: URL;
  /** CFOP_OIDC_PROVIDER_NAME: what the login page's button names the provider. */
  readonly providerName: string;
  /** CFOP_OIDC_SCOPES, space-separated; always with `openid`. */
  readonly scopes: string;
  /** CFOP_OIDC_*_CLAIM: which claims give a user's groups, name, phone and email. */
  readonly claims: {
    readonly groups: string;
    readonly name: string;
    readonly phone: string;
    readonly email: string;
  };
  /**
   * CFOP_OIDC_REFRESH_MINUTES: how often the provider is asked again whether a signed-in person is
   * still theirs, and in which groups; 0: never.
   */
  readonly refreshMs: number;
  /** CFOP_OIDC_TIMEOUT_SECONDS: how long discovery and each call to the provider may take. */
  readonly timeoutMs: number;
  /** Plain http to the provider: only on loopback, or where NODE_ENV=test (a test provider). */
  readonly allowHttp: boolean;
}

/** The path under the API's base of the callback CFOP_OIDC_REDIRECT_URI must name. */
export const callbackPath = '/login/oidc/callback';
/** Where the login page's link begins a sign-in at the provider, under the contract's base path. */
export const startPath = '/login/oidc/start';

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

export function readOidcSettings(settings: SettingsReader): OidcSettings | undefined {
  const issuerText = settings.text('CFOP_OIDC_ISSUER');
  if (issuerText === undefined) {
    for (const name of ['CFOP_OIDC_CLIENT_ID', 'CFOP_OIDC_REDIRECT_URI']) {
      if (settings.text(name) !== undefined) {
        settings.bad(name, '需同时设置 CFOP_OIDC_ISSUER', 'needs CFOP_OIDC_ISSUER as well');
      }
    }
    return undefined;
  }
  const testing = settings.raw('NODE_ENV') === 'test';
  const issuer = readUrl(settings, 'CFOP_OIDC_ISSUER', issuerText, testing);
  const clientId = settings.text('CFOP_OIDC_CLIENT_ID');
  if (clientId === undefined) {
    settings.bad(
      'CFOP_OIDC_CLIENT_ID',
      '须填写在身份提供方登记的客户端 ID',
      'must be the client id registered at the provider',
    );
  }
  const redirectText = settings.text('CFOP_OIDC_REDIRECT_URI');
  const redirectUri = readUrl(settings, 'CFOP_OIDC_REDIRECT_URI', redirectText ?? '', testing);
  if (
    redirectUri &&
    (!redirectUri.pathname.endsWith(callbackPath) || redirectUri.search || redirectUri.hash)
  ) {
    settings.bad(
      'CFOP_OIDC_REDIRECT_URI',
      `应为控制台对外地址加 /cfop${callbackPath}，如 https://console.example.com/cfop${callbackPath}`,
      `must be the console's public address with /cfop${callbackPath}, such as https://console.example.com/cfop${callbackPath}`,
    );
  }
  const logoutText = settings.text('CFOP_OIDC_POST_LOGOUT_REDIRECT_URI');
  const postLogoutRedirectUri =
    logoutText === undefined
      ? redirectUri && new URL(appSettings.loginPath, redirectUri)
      : readUrl(settings, 'CFOP_OIDC_POST_LOGOUT_REDIRECT_URI', logoutText, testing);
  const scopes = (settings.text('CFOP_OIDC_SCOPES') ?? 'openid profile email').split(/\s+/);
  return {
    issuer: issuer ?? new URL('https://issuer.invalid'),
    clientId: clientId ?? '',
    clientSecret: settings.raw('CFOP_OIDC_CLIENT_SECRET') || undefined,
    redirectUri: redirectUri ?? new URL(`https://console.invalid/cfop${callbackPath}`),
    postLogoutRedirectUri: postLogoutRedirectUri ?? new URL('https://console.invalid/'),
    providerName: settings.text('CFOP_OIDC_PROVIDER_NAME') ?? issuer?.hostname ?? '',
    scopes: [...new Set(['openid', ...scopes])].join(' '),
    claims: {
      groups: settings.text('CFOP_OIDC_GROUPS_CLAIM') ?? 'groups',
      name: settings.text('CFOP_OIDC_NAME_CLAIM') ?? 'name',
      phone: settings.text('CFOP_OIDC_PHONE_CLAIM') ?? 'phone_number',
      email: settings.text('CFOP_OIDC_EMAIL_CLAIM') ?? 'email',
    },
    refreshMs:
      settings.number('CFOP_OIDC_REFRESH_MINUTES', {
        fallback: 15,
        min: 0,
        max: 24 * 60,
        noun: { zh: '整数分钟数', en: 'a whole number of minutes' },
      }) * 60_000,
    timeoutMs:
      settings.number('CFOP_OIDC_TIMEOUT_SECONDS', {
        fallback: 10,
        min: 1,
        max: 120,
        noun: { zh: '整数秒数', en: 'a whole number of seconds' },
      }) * 1000,
    allowHttp: issuer?.protocol === 'http:',
  };
}

/**
 * An https URL, or http on loopback or in tests: codes and tokens sent in the clear elsewhere can be
 * read on the way. Undefined (reported) otherwise.
 */
function readUrl(settings: SettingsReader, name: string, text: string, testing: boolean): URL | undefined {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const plainAllowed = url !== undefined && (testing || loopbackHosts.includes(url.hostname));
  if (url && (url.protocol === 'https:' || (url.protocol === 'http:' && plainAllowed)) && !url.username) {
    return url;
  }
  settings.bad(
    name,
    '应为 https:// 地址（仅本机地址可用 http://）',
    'must be an https:// URL (http:// only on this host)',
  );
  return undefined;
}
