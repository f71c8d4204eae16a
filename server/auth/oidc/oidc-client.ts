import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { ApiError } from '../../kernel/api-error';
import type { DirectoryAccount, IdentitySource, ProviderAccount } from '../external-identity';
import type { OidcSettings } from './oidc-settings';

// The OpenID Connect protocol itself is openid-client's (discovery, PKCE, the code exchange, the
// ID token's signature, issuer, audience, expiry and nonce): this module only feeds it the settings
// and turns the provider's claims into the person the accounts link.

/** Groups named by the provider compare exactly: an id (Azure) or a name (Keycloak) as it is sent. */
export const oidcSource: IdentitySource = { provider: 'oidc', groupKey: (group) => group };

/** What one sign-in is checked with when the provider sends the browser back. */
export interface OidcChecks {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** The tokens of a user's latest sign-in the console keeps, on the server only. */
export interface KeptTokens {
  readonly idToken: string;
  readonly refreshToken: string;
}

export interface OidcClient {
  readonly providerName: string;
  /** Whether CFOP_OIDC_REDIRECT_URI is https: the sign-in's browser mark is then a Secure cookie. */
  readonly httpsCallback: boolean;
  /** CFOP_OIDC_REFRESH_MINUTES: how old a user's tokens grow before the provider is asked again; 0: never. */
  readonly refreshMs: number;
  /** Where to send the browser to sign in, and the checks kept until it comes back. */
  authorization(): Promise<{ readonly url: URL; readonly checks: OidcChecks }>;
  /**
   * The person the provider's answer to the callback (its query) vouches for: throws
   * OidcRefusal for an error answer or a check that fails, ssoUnavailable when it cannot be asked.
   */
  account(callbackQuery: URLSearchParams, checks: OidcChecks): Promise<ProviderAccount>;
  /**
   * The person as the provider vouches for them now, by the refresh token of an earlier sign-in:
   * OidcRefusal when it refuses (the person disabled or signed out there), ssoUnavailable when it
   * cannot be asked.
   */
  refresh(kept: KeptTokens): Promise<ProviderAccount>;
  /**
   * Where signing out at the provider ends its session too, naming whose by their ID token when
   * known; undefined when it has no such address.
   */
  endSessionUrl(idToken: string | undefined): Promise<string | undefined>;
}

export const ssoUnavailable = () =>
  new ApiError('503', { zh: '企业账号登录暂不可用', en: 'Single sign-on is unavailable' });

/** The provider refused, or its answer failed a check: the reason goes to the log, not the browser. */
export class OidcRefusal extends Error {}

export function createOidcClient(settings: OidcSettings, log: FastifyBaseLogger): OidcClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  // Fetched at the first sign-in, not at start: a provider down then must not stop the console.
  const configuration = () => {
    discovered ??= discover(settings).catch((error: unknown) => {
      discovered = undefined;
      log.error({ err: error }, 'OpenID Connect discovery at %s failed', settings.issuer.href);
      throw ssoUnavailable();
    });
    return discovered;
  };
  return {
    providerName: settings.providerName,
    httpsCallback: settings.redirectUri.protocol === 'https:',
    refreshMs: settings.refreshMs,
    async authorization() {
      const config = await configuration();
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri.href,
        scope: settings.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },
    async account(callbackQuery, checks) {
      const config = await configuration();
      // The configured callback with the provider's answer: never the address the request came to.
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = callbackQuery.toString();
      return asking(log, 'sign-in', async () => {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        return personOf(config, settings, tokens, undefined);
      });
    },
    async refresh(kept) {
      const config = await configuration();
      return asking(log, 'refresh', async () =>
        personOf(config, settings, await oidc.refreshTokenGrant(config, kept.refreshToken), kept),
      );
    },
    async endSessionUrl(idToken) {
      // Signing out of the console must not fail for a provider out of reach (already logged).
      const config = await configuration().catch(() => undefined);
      if (!config?.serverMetadata().end_session_endpoint) return undefined;
      const { href } = oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: settings.postLogoutRedirectUri.href,
        ...(idToken === undefined ? {} : { id_token_hint: idToken }),
      });
      return href;
    },
  };
}

async function discover(settings: OidcSettings): Promise<oidc.Configuration> {
  const auth =
    settings.clientSecret === undefined ? oidc.None() : oidc.ClientSecretPost(settings.clientSecret);
  return oidc.discovery(settings.issuer, settings.clientId, undefined, auth, {
    timeout: settings.timeoutMs / 1000,
    ...(settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
}

type TokenAnswer = oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;

/**
 * The provider's answer as the person it vouches for: a refused or unreadable answer is an
 * OidcRefusal, a provider out of reach ssoUnavailable; the reason goes to the log.
 */
async function asking<T>(log: FastifyBaseLogger, what: string, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    log.warn({ err: error }, `OpenID Connect ${what} refused`);
    if (error instanceof TypeError || (error instanceof Error && /Abort|Timeout/.test(error.name))) {
      throw ssoUnavailable();
    }
    throw new OidcRefusal(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The person of the tokens' ID token (a refresh may send none: then the kept one's subject) and
 * userinfo, where the provider has it: some put the groups or the phone there only. The ID token's
 * claims win.
 */
async function personOf(
  config: oidc.Configuration,
  settings: OidcSettings,
  tokens: TokenAnswer,
  kept: KeptTokens | undefined,
): Promise<ProviderAccount> {
  const idToken = tokens.id_token ?? kept?.idToken;
  if (idToken === undefined) throw new OidcRefusal('the provider sent no ID token');
  const idClaims: Record<string, unknown> = tokens.claims() ?? {};
  const sub = typeof idClaims.sub === 'string' ? idClaims.sub : subjectOf(idToken);
  const userInfo = config.serverMetadata().userinfo_endpoint
    ? await oidc.fetchUserInfo(config, tokens.access_token, sub)
    : {};
  return {
    ...accountOf(settings, { iss: subjectIssuer(idToken), ...userInfo, ...idClaims, sub }),
    idToken,
    refreshToken: tokens.refresh_token ?? kept?.refreshToken,
  };
}

/** A kept ID token's payload, which the provider signed and the library checked when it came. */
function payloadOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

const subjectOf = (idToken: string) => String(payloadOf(idToken).sub);
const subjectIssuer = (idToken: string) => String(payloadOf(idToken).iss);

/** The person of the ID token's and userinfo's claims, keyed by issuer and subject. */
function accountOf(settings: OidcSettings, claims: Record<string, unknown>): DirectoryAccount {
  const text = (name: string) => (typeof claims[name] === 'string' ? claims[name] : undefined);
  const groups = claims[settings.claims.groups];
  const issuer = text('iss') ?? settings.issuer.href;
  const sub = text('sub') ?? '';
  return {
    subject: `${issuer}#${sub}`,
    username: consoleUsername(text('preferred_username') ?? sub),
    name: text(settings.claims.name),
    phone: text(settings.claims.phone),
    email: text(settings.claims.email),
    groups: Array.isArray(groups) ? groups.filter((group) => typeof group === 'string') : [],
  };
}

/** `alice@example.com` → `alice`: a console name has no `@`; a clash with another user is refused later. */
function consoleUsername(preferred: string): string {
  return preferred.normalize('NFKC').split('@', 1)[0] ?? '';
}
