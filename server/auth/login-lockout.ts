import type { AppContext } from '../app-context';
import { later } from '../clock';
import type { Db } from '../db/open-database';
import { ApiError } from '../http/api-error';

const failuresBeforeLock = 5;
const lockMs = 15 * 60 * 1000;

/**
 * Counts consecutive failed sign-ins per user name, whether or not the name exists, so the lock
 * itself reveals nothing about which names are real.
 */
export async function assertNotLocked(ctx: AppContext, principal: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('principal', '=', principal)
    .executeTakeFirst();
  const remainingMs = row?.locked_until ? Date.parse(row.locked_until) - ctx.clock.now().getTime() : 0;
  if (remainingMs > 0) throw lockedError(remainingMs);
}

/** Counts one failure; the one that reaches the limit locks the name and is answered as locked. */
export async function recordFailure(ctx: AppContext, principal: string): Promise<void> {
  const { count } = await ctx.db
    .insertInto('login_failures')
    .values({ principal, count: 1, locked_until: null })
    .onConflict((oc) =>
      oc.column('principal').doUpdateSet((eb) => ({ count: eb('login_failures.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (count < failuresBeforeLock) return;
  await ctx.db
    .updateTable('login_failures')
    .set({ count: 0, locked_until: later(ctx.clock.now(), lockMs).toISOString() })
    .where('principal', '=', principal)
    .execute();
  throw lockedError(lockMs);
}

export async function clearFailures(db: Db, principal: string): Promise<void> {
  await db.deleteFrom('login_failures').where('principal', '=', principal).execute();
}

function lockedError(remainingMs: number): ApiError {
  const minutes = Math.ceil(remainingMs / 60_000);
  return new ApiError('423', {
    zh: `登录失败次数过多，账号已锁定，请 ${minutes} 分钟后再试`,
    en: `Too many failed sign-ins; the account is locked. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  });
}
