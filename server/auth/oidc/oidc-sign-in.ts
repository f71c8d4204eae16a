import type { components } from '../../../src/generated/openapi';
import { appSettings } from '../../../src/generated/settings';
import { later } from '../../kernel/clock';
import { ApiError } from '../../kernel/api-error';
import { newSessionToken, sha256Hex } from '../../kernel/session-token';
import type { AuditNote } from '../../operations/audit-note';
import type { ClientInfo } from '../../operations/caller';
import type { AuthContext } from '../auth-context';
import { isLinked, type ProviderAccount } from '../external-identity';
import { signInOrChallenge } from '../second-factor';
import { accountDisabled } from '../password-sign-in';
import { OidcRefusal, oidcSource, type OidcClient } from './oidc-client';

// Single sign-on in three steps, each answerable by any server of the database: start keeps the
// sign-in's checks and sends the browser to the provider; the provider sends it back to the
// callback, which signs the person in and sends the browser to the login page with a one-time
// handoff code; the login page trades the code for a session (or the refusal to show) as it would
// a password. No session token ever travels in a URL, where logs and history keep it.

/** Long enough to sign in at the provider, with its own second factor. */
export const signInTtlMs = 10 * 60_000;
/** The browser comes straight back from the callback to the login page. */
const handoffTtlMs = 60_000;

/** The names the contract's Username allows: a first sign-in creates a user by it. */
const consoleUsername = /^[A-Za-z0-9_.-]{3,32}$/;

const noSsoConfigured = () =>
  new ApiError('404', { zh: '未配置企业账号登录', en: 'Single sign-on is not configured' });

const signInExpired = () =>
  new ApiError('1005', {
    zh: '企业账号登录已过期或已使用，请重新登录',
    en: 'The single sign-on has expired or was used already; sign in again',
  });

const providerRefused = () =>
  new ApiError('403', {
    zh: '身份提供方未确认您的身份，请重新登录',
    en: 'The identity provider did not confirm who you are; sign in again',
  });

const unusableName = (name: string) =>
  new ApiError('403', {
    zh: `企业账号的用户名「${name}」不能用作本平台的用户名（3–32 位字母、数字、_ . -），请联系管理员`,
    en: `The company account’s user name “${name}” cannot be a console user name (3–32 letters, digits, _ . -); ask an administrator`,
  });

type Ctx = AuthContext;

export function oidcClientOf(ctx: Ctx): OidcClient {
  if (!ctx.oidc) throw noSsoConfigured();
  return ctx.oidc;
}

/** A console path to return to after signing in; anything else (another site, the API) is dropped. */
export function consolePath(path: string | undefined): string | undefined {
  return path !== undefined &&
    /^\/(?![/\\])[\x21-\x7e]{0,511}$/.test(path) &&
    !path.startsWith(`${appSettings.apiBasePath}/`)
    ? path
    : undefined;
}

/**
 * Where the start sends the browser: the provider's sign-in page, the sign-in's checks kept for the
 * callback; or, when the provider cannot be reached, the login page with the refusal to show.
 */
export async function beginOidcSignIn(
  ctx: Ctx,
  returnTo: string | undefined,
  browser: string,
): Promise<string> {
  const client = oidcClientOf(ctx);
  const now = ctx.clock.now();
  let authorization: Awaited<ReturnType<OidcClient['authorization']>>;
  try {
    authorization = await client.authorization();
  } catch (error) {
    if (error instanceof ApiError) return handOff(ctx, { refusal: error }, browser, consolePath(returnTo));
    throw error;
  }
  const { url, checks } = authorization;
  await ctx.db.deleteFrom('oidc_sign_ins').where('expires_at', '<=', now.toISOString()).execute();
  await ctx.db
    .insertInto('oidc_sign_ins')
    .values({
      state_hash: sha256Hex(checks.state),
      browser_hash: sha256Hex(browser),
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      return_to: consolePath(returnTo) ?? '',
      expires_at: later(now, signInTtlMs).toISOString(),
    })
    .execute();
  return url.href;
}

/**
 * Where the provider's callback sends the browser: the login page with the handoff code of the
 * user it signs in, or of the refusal. The sign-in's row is used up first, so a replayed callback
 * finds nothing; only the browser the sign-in began in (its mark) finds it at all.
 */
export async function finishOidcSignIn(
  ctx: Ctx,
  callbackQuery: URLSearchParams,
  browser: string,
): Promise<string> {
  const client = oidcClientOf(ctx);
  const state = callbackQuery.get('state') ?? '';
  const started = await ctx.db
    .deleteFrom('oidc_sign_ins')
    .where('state_hash', '=', sha256Hex(state))
    .where('browser_hash', '=', sha256Hex(browser))
    .where('expires_at', '>', ctx.clock.now().toISOString())
    .returning(['nonce', 'code_verifier', 'return_to'])
    .executeTakeFirst();
  let outcome: Outcome;
  try {
    if (!started) throw signInExpired();
    const checks = { state, nonce: started.nonce, codeVerifier: started.code_verifier };
    const account = await client.account(callbackQuery, checks);
    if (!consoleUsername.test(account.username)) throw unusableName(account.username);
    const user = await ctx.externalIdentities.signIn(oidcSource, account);
    if (user.status !== 'enabled') throw accountDisabled();
    await keepTokens(ctx, user.id, account);
    outcome = { userId: user.id };
  } catch (error) {
    if (error instanceof OidcRefusal) outcome = { refusal: providerRefused() };
    else if (error instanceof ApiError) outcome = { refusal: error };
    else throw error;
  }
  return handOff(ctx, outcome, browser, started?.return_to || undefined);
}

/** The user's latest tokens, for signing out at the provider and asking it again; one set per user, the newest. */
export async function keepTokens(ctx: Ctx, userId: number, account: ProviderAccount): Promise<void> {
  const tokens = {
    id_token: account.idToken,
    refresh_token: account.refreshToken ?? null,
    refreshed_at: ctx.clock.now().toISOString(),
  };
  await ctx.db
    .insertInto('oidc_tokens')
    .values({ user_id: userId, ...tokens })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(tokens))
    .execute();
}

type Outcome = { readonly userId: number } | { readonly refusal: ApiError };

/**
 * Keeps the outcome under a new one-time code, for `browser` alone to trade: the login page address
 * that carries it.
 */
async function handOff(
  ctx: Ctx,
  outcome: Outcome,
  browser: string,
  returnTo: string | undefined,
): Promise<string> {
  const code = newSessionToken();
  const now = ctx.clock.now();
  const refusal = 'refusal' in outcome ? outcome.refusal : undefined;
  await ctx.db.deleteFrom('oidc_handoffs').where('expires_at', '<=', now.toISOString()).execute();
  await ctx.db
    .insertInto('oidc_handoffs')
    .values({
      code_hash: sha256Hex(code),
      browser_hash: sha256Hex(browser),
      user_id: 'userId' in outcome ? outcome.userId : null,
      refusal_code: refusal?.code ?? null,
      refusal_zh: refusal?.text.zh ?? null,
      refusal_en: refusal?.text.en ?? null,
      expires_at: later(now, handoffTtlMs).toISOString(),
    })
    .execute();
  const query = new URLSearchParams({ sso: code });
  if (returnTo) query.set('redirect', returnTo);
  return `${appSettings.loginPath}?${query.toString()}`;
}

/**
 * What the login page gets for a handoff code, once and only in the browser the sign-in began in:
 * the sign-in a password would give (a session, or the second factor still wanted), or the refusal
 * the callback met.
 */
export async function completeOidcSignIn(
  ctx: Ctx,
  code: string,
  call: { readonly audit: AuditNote; readonly client: ClientInfo },
): Promise<components['schemas']['LoginEnvelope']['data']> {
  oidcClientOf(ctx);
  const handoff = await ctx.db
    .deleteFrom('oidc_handoffs')
    .where('code_hash', '=', sha256Hex(code))
    .where('browser_hash', '=', sha256Hex(call.client.signOnBrowser))
    .where('expires_at', '>', ctx.clock.now().toISOString())
    .returningAll()
    .executeTakeFirst();
  if (!handoff) throw signInExpired();
  if (handoff.user_id === null) {
    const code = (handoff.refusal_code ?? '403') as ApiError['code'];
    throw new ApiError(code, { zh: handoff.refusal_zh ?? '', en: handoff.refusal_en ?? '' });
  }
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'status'])
    .where('id', '=', handoff.user_id)
    .executeTakeFirst();
  if (!user) throw signInExpired();
  call.audit.target = user.username;
  if (user.status !== 'enabled') throw accountDisabled();
  call.audit.actor = { userId: user.id, username: user.username };
  return signInOrChallenge(ctx, user, call.client);
}

/**
 * What signing out answers a user of single sign-on: the provider's end-session address, so that
 * the console goes there and the provider's session ends too. Such a user signs in by the provider
 * alone, so every session of theirs came from it.
 */
export async function providerSignOut(
  ctx: Ctx,
  userId: number,
): Promise<{ readonly endSessionUrl: string } | null> {
  if (!ctx.oidc || !(await isLinked(ctx.db, userId, oidcSource.provider))) return null;
  const kept = await ctx.db
    .selectFrom('oidc_tokens')
    .select('id_token')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const endSessionUrl = await ctx.oidc.endSessionUrl(kept?.id_token);
  return endSessionUrl === undefined ? null : { endSessionUrl };
}
