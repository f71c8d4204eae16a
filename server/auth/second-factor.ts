import type { components } from '../../src/generated/openapi';
import type { AuthContext } from './auth-context';
import { newRecoveryCode, recoveryCodeCount, recoveryCodeHash } from './recovery-codes';
import { signIn } from './sessions';
import { checkGuess, type Guess } from './sign-in-attempts';
import { newTotpSecret, totpEnrolment, totpStep } from './totp';
import { later } from '../kernel/clock';
import { ApiError, badInput } from '../kernel/api-error';
import { newSessionToken, sha256Hex } from '../kernel/session-token';
import type { Db } from '../db/open-database';
import type { AuditNote } from '../operations/audit-note';
import type { ClientInfo } from '../operations/caller';

type Schemas = components['schemas'];
type Purpose = Schemas['SecondFactorChallenge']['secondFactor'];

/** Long enough to unlock a phone and read a code; an enrolment also scans a QR code first. */
const challengeTtlMs: Record<Purpose, number> = { code: 5 * 60_000, enrol: 15 * 60_000 };

export interface SignInUser {
  readonly id: number;
  readonly username: string;
}

export const wrongCode = () =>
  new ApiError('1004', { zh: '验证码错误或已使用', en: 'Wrong or already used code' });

const pendingSignInGone = () =>
  new ApiError('1005', {
    zh: '登录验证已过期，请重新登录',
    en: 'The sign-in has expired; sign in again',
  });

/** Whether the user must have a second factor: CFOP_REQUIRE_MFA_FOR=admin and holds the built-in role. */
export async function secondFactorRequired(ctx: AuthContext, userId: number): Promise<boolean> {
  if (ctx.requireSecondFactorFor !== 'admin') return false;
  const row = await ctx.db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.id')
    .where('user_roles.user_id', '=', userId)
    .where('roles.builtin', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function secondFactorOn(ctx: Pick<AuthContext, 'db'>, userId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What a right password or SMS code leads to: a session, or (a user with a second factor on, or one
 * required to have it) a pending token for the second step, which is no session.
 */
export async function signInOrChallenge(
  ctx: AuthContext,
  user: SignInUser,
  client: ClientInfo,
): Promise<Schemas['LoginEnvelope']['data']> {
  if (await secondFactorOn(ctx, user.id)) return challenge(ctx, user.id, 'code');
  if (await secondFactorRequired(ctx, user.id)) return challenge(ctx, user.id, 'enrol');
  return signIn(ctx, user.id, client);
}

async function challenge(ctx: AuthContext, userId: number, purpose: Purpose) {
  const pendingToken = newSessionToken();
  const now = ctx.clock.now();
  const expiresAt = later(now, challengeTtlMs[purpose]).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sign_in_challenges').where('expires_at', '<=', now.toISOString()).execute();
    await trx
      .insertInto('sign_in_challenges')
      .values({ token_hash: sha256Hex(pendingToken), user_id: userId, purpose, expires_at: expiresAt })
      .execute();
  });
  return { secondFactor: purpose, pendingToken, expiresAt };
}

export interface PendingSignIn extends SignInUser {
  readonly tokenHash: string;
}

/** The pending sign-in a token stands for: unused, unexpired, of an enabled user; else 1005. */
export async function pendingSignIn(
  ctx: AuthContext,
  pendingToken: string,
  purpose: Purpose,
): Promise<PendingSignIn> {
  const tokenHash = sha256Hex(pendingToken);
  const row = await ctx.db
    .selectFrom('sign_in_challenges')
    .innerJoin('users', 'users.id', 'sign_in_challenges.user_id')
    .select(['users.id', 'users.username'])
    .where('sign_in_challenges.token_hash', '=', tokenHash)
    .where('sign_in_challenges.purpose', '=', purpose)
    .where('sign_in_challenges.used_at', 'is', null)
    .where('sign_in_challenges.expires_at', '>', ctx.clock.now().toISOString())
    .where('users.status', '=', 'enabled')
    .executeTakeFirst();
  if (!row) throw pendingSignInGone();
  return { tokenHash, id: row.id, username: row.username };
}

/** Uses the pending token up and opens the session: of two calls racing with right codes, one wins. */
export async function finishSignIn(
  ctx: AuthContext,
  pending: PendingSignIn,
  client: ClientInfo,
): Promise<Schemas['Session']> {
  const now = ctx.clock.now().toISOString();
  const taken = await ctx.db
    .updateTable('sign_in_challenges')
    .set({ used_at: now })
    .where('token_hash', '=', pending.tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (taken.numUpdatedRows !== 1n) throw pendingSignInGone();
  return signIn(ctx, pending.id, client);
}

/** The proof a second factor accepts: a current code, or one unused recovery code. */
export interface CodeProof {
  readonly code?: string | undefined;
  readonly recoveryCode?: string | undefined;
}

/**
 * Checks a code (or recovery code) of the user's confirmed second factor under the guessing limits
 * of their name; a right code's time step is remembered so it is not accepted again, and a right
 * recovery code is used up.
 */
export async function checkSecondFactor(
  ctx: AuthContext,
  audit: AuditNote,
  user: SignInUser,
  address: string,
  proof: CodeProof,
): Promise<boolean> {
  const guess: Guess = { method: 'totp', principal: user.username, address };
  return checkGuess(ctx, audit, guess, () =>
    proof.code !== undefined
      ? acceptCode(ctx, user.id, proof.code, true)
      : useRecoveryCode(ctx, user.id, proof.recoveryCode ?? ''),
  );
}

/** A code right for the user's secret (confirmed, or awaiting its first code) and of a later step than any accepted. */
async function acceptCode(
  ctx: AuthContext,
  userId: number,
  code: string,
  confirmed: boolean,
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('user_totp')
    .select(['secret', 'last_step'])
    .where('user_id', '=', userId)
    .where('confirmed_at', confirmed ? 'is not' : 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  const step = totpStep(row.secret, code, ctx.clock.now());
  if (step === null || step <= row.last_step) return false;
  // Conditional, so two calls racing with the same code cannot both be accepted.
  const taken = await ctx.db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return taken.numUpdatedRows === 1n;
}

async function useRecoveryCode(ctx: AuthContext, userId: number, code: string): Promise<boolean> {
  const used = await ctx.db
    .updateTable('user_recovery_codes')
    .set({ used_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}

/** A new secret for the user to add to an app; it asks for nothing until confirmed. */
export async function beginEnrolment(ctx: AuthContext, user: SignInUser): Promise<Schemas['TotpEnrolment']> {
  if (await secondFactorOn(ctx, user.id)) {
    throw badInput([
      {
        field: 'secondFactor',
        message: {
          zh: '两步验证已开启，请先关闭再重新设置',
          en: 'is already on; turn it off before setting it up again',
        },
      },
    ]);
  }
  const secret = newTotpSecret();
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('user_totp')
    .values({ user_id: user.id, secret, created_at: now, confirmed_at: null, last_step: 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: now, last_step: 0 }))
    .execute();
  return totpEnrolment(secret, user.username);
}

/**
 * A first right code turns the second factor on and gives new recovery codes, shown once. Wrong
 * codes count as wrong sign-in codes: a session left open must not try them unbounded.
 */
export async function confirmEnrolment(
  ctx: AuthContext,
  audit: AuditNote,
  user: SignInUser,
  address: string,
  code: string,
): Promise<string[]> {
  const pending = await ctx.db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', user.id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  if (!pending) {
    throw badInput([
      {
        field: 'code',
        message: { zh: '请先开始设置两步验证', en: 'begin setting up the second factor first' },
      },
    ]);
  }
  const guess: Guess = { method: 'totp', principal: user.username, address };
  if (!(await checkGuess(ctx, audit, guess, () => acceptCode(ctx, user.id, code, false)))) throw wrongCode();
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('user_totp')
      .set({ confirmed_at: ctx.clock.now().toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(codes.map((one) => ({ user_id: user.id, code_hash: recoveryCodeHash(one), used_at: null })))
      .execute();
  });
  return codes;
}

/** Turns the second factor off: its secret and recovery codes are gone (run in a transaction). */
export async function removeSecondFactor(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}
