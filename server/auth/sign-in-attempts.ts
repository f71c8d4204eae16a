import { usernameKey } from './user-names';
import type { AuthContext } from './auth-context';
import type { Db } from '../db/open-database';
import type { SignInMethod } from '../db/schema';
import { exclusiveTransaction } from '../db/exclusive-transaction';
import { ApiError, retryLater } from '../kernel/api-error';
import type { AuditNote } from '../operations/audit-note';
import type { SignInLimits } from './sign-in-limits';
import { waitForRoomMs, type WindowLimit } from './sliding-window';

/** One guess at a secret: a password or an authenticator code for a user name, or an SMS code for a phone. */
export interface Guess {
  readonly method: SignInMethod;
  /** The user name tried (known or not) or the phone: the lock reveals nothing about which exist. */
  readonly principal: string;
  readonly address: string;
}

/**
 * What a guess counts against: a user name by its key, so `Admin`, `ADMIN` and `ａｄｍｉｎ` share the
 * name's limit as they share its user; a phone as it is.
 */
function principalOf(method: SignInMethod, principal: string): string {
  return method === 'sms' ? principal : usernameKey(principal);
}

type Ctx = Pick<AuthContext, 'db' | 'clock' | 'signInLimits'>;

/** A refusal before anything was checked: from an anonymous caller it is tallied, not logged alone. */
async function beforeAnyCheck<T>(audit: AuditNote, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ApiError) audit.tallied = true;
    throw error;
  }
}

/**
 * Checks one guess under the guessing limits: admitted (or refused) before `check` runs, counted as
 * a failure unless `check` proves it right; a guess the server was too busy to check does not count.
 */
export async function checkGuess(
  ctx: Ctx,
  audit: AuditNote,
  guess: Guess,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const attemptId = await beforeAnyCheck(audit, () => admitGuess(ctx, guess));
  let right: boolean;
  try {
    right = await beforeAnyCheck(audit, check);
  } catch (error) {
    await withdrawGuess(ctx.db, attemptId);
    throw error;
  }
  if (right) await guessWasRight(ctx, attemptId, guess);
  else await guessWasWrong(ctx, guess);
  return right;
}

/**
 * Admits a guess, or refuses it before anything is checked: the address's failures first (429), then
 * the principal's (423 for a name, 429 for a phone). Counting and recording happen in one
 * transaction, and the admitted guess counts as a failure from then on, so guesses sent in parallel
 * cannot all slip under the limit before the first of them is found wrong. Answers the attempt's id.
 */
async function admitGuess(ctx: Ctx, guess: Guess): Promise<number> {
  const limits = ctx.signInLimits;
  const principalLimit = limitOf(limits, guess.method);
  return exclusiveTransaction(ctx.db, ['sign_in_attempts'], async (trx) => {
    const longest = Math.max(limits.account.windowMs, limits.address.windowMs, limits.smsPhone.windowMs);
    await trx
      .deleteFrom('sign_in_attempts')
      .where('at', '<=', new Date(ctx.clock.now().getTime() - longest).toISOString())
      .execute();
    const addressWait = await waitForRoomMs(ctx.clock, limits.address, failuresFrom(trx, guess.address));
    if (addressWait > 0) throw addressRefusal(addressWait);
    const principalWait = await waitForRoomMs(ctx.clock, principalLimit, failuresOf(trx, guess));
    if (principalWait > 0) throw principalRefusal(guess.method, principalWait);
    const { id } = await trx
      .insertInto('sign_in_attempts')
      .values({
        ...guess,
        principal: principalOf(guess.method, guess.principal),
        at: ctx.clock.now().toISOString(),
        cleared: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

/** The guess was wrong: it stays counted, and the one that reaches the principal's limit is answered as refused. */
async function guessWasWrong(ctx: Ctx, guess: Guess): Promise<void> {
  const principalLimit = limitOf(ctx.signInLimits, guess.method);
  const wait = await waitForRoomMs(ctx.clock, principalLimit, failuresOf(ctx.db, guess));
  if (wait > 0) throw principalRefusal(guess.method, wait);
}

/** The guess proved right: it was no failure, and the principal's earlier failures no longer count against it. */
async function guessWasRight(ctx: Ctx, attemptId: number, guess: Guess): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sign_in_attempts').where('id', '=', attemptId).execute();
    await clearPrincipal(trx, guess.method, guess.principal);
  });
}

/** The guess was never checked (the server was too busy): it does not count. */
async function withdrawGuess(db: Db, attemptId: number): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('id', '=', attemptId).execute();
}

/** A new password lifts the lock on the name; the failures still count against their addresses. */
export async function clearPasswordFailures(db: Db, username: string): Promise<void> {
  await clearPrincipal(db, 'password', username);
}

/** A second factor reset by an administrator starts the user's wrong codes afresh. */
export async function clearCodeFailures(db: Db, username: string): Promise<void> {
  await clearPrincipal(db, 'totp', username);
}

async function clearPrincipal(db: Db, method: SignInMethod, principal: string): Promise<void> {
  await db
    .updateTable('sign_in_attempts')
    .set({ cleared: 1 })
    .where('method', '=', method)
    .where('principal', '=', principalOf(method, principal))
    .execute();
}

/**
 * A user name's wrong passwords and wrong authenticator codes each have the account's limit, counted
 * apart: a right password must not buy fresh guesses at the code, nor a right code at the password.
 */
function limitOf(limits: SignInLimits, method: SignInMethod): WindowLimit {
  return method === 'sms' ? limits.smsPhone : limits.account;
}

function failuresFrom(db: Db, address: string) {
  return db.selectFrom('sign_in_attempts').where('address', '=', address);
}

/** The principal's failures since its last success or new password. */
function failuresOf(db: Db, guess: Guess) {
  return db
    .selectFrom('sign_in_attempts')
    .where('method', '=', guess.method)
    .where('principal', '=', principalOf(guess.method, guess.principal))
    .where('cleared', '=', 0);
}

function principalRefusal(method: SignInMethod, waitMs: number): ApiError {
  if (method === 'sms') {
    return retryLater('429', waitMs, (s) => ({
      zh: `该手机号验证码错误次数过多，请 ${s} 秒后再试`,
      en: `Too many wrong codes for this phone; try again in ${s} seconds`,
    }));
  }
  return retryLater('423', waitMs, (s) => {
    const minutes = Math.ceil(s / 60);
    const plural = minutes === 1 ? '' : 's';
    if (method === 'totp') {
      return {
        zh: `验证码错误次数过多，请 ${minutes} 分钟后再试`,
        en: `Too many wrong codes; try again in ${minutes} minute${plural}`,
      };
    }
    return {
      zh: `登录失败次数过多，账号已锁定，请 ${minutes} 分钟后再试`,
      en: `Too many failed sign-ins; the account is locked. Try again in ${minutes} minute${plural}`,
    };
  });
}

function addressRefusal(waitMs: number): ApiError {
  return retryLater('429', waitMs, (s) => ({
    zh: `此地址登录失败次数过多，请 ${s} 秒后再试`,
    en: `Too many failed sign-ins from this address; try again in ${s} seconds`,
  }));
}
