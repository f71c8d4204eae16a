import { clearPasswordFailures } from '../auth/sign-in-attempts';
import { hashPassword } from '../auth/password-hash';
import { revokeUserSessions } from '../auth/sessions';
import type { Clock } from '../kernel/clock';
import type { Db } from '../db/open-database';
import { lockAccounts } from './account-lock';

export async function countUsers(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A new password ends every session of the user and lifts a sign-in lock on the name. `allowed`
 * refuses (throws) in the same transaction, under the accounts lock, before anything is written.
 */
export async function setPassword(
  db: Db,
  clock: Clock,
  user: { id: number; username: string },
  password: string,
  allowed: (trx: Db) => Promise<void> = async () => {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await lockAccounts(trx);
    await allowed(trx);
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    await revokeUserSessions(trx, user.id, clock.now());
    await clearPasswordFailures(trx, user.username);
  });
}
