import { clearFailures } from '../auth/login-lockout';
import { hashPassword } from '../auth/password-hash';
import { revokeUserSessions } from '../auth/sessions';
import type { Clock } from '../clock';
import type { Db } from '../db/open-database';

export interface NewAccount {
  readonly username: string;
  readonly name: string;
  readonly phone: string | null;
  readonly password: string;
  readonly roleIds: readonly number[];
}

export async function countUsers(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function createUser(db: Db, clock: Clock, account: NewAccount): Promise<number> {
  const passwordHash = await hashPassword(account.password);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('users')
      .values({
        username: account.username,
        name: account.name,
        phone: account.phone,
        email: null,
        status: 'enabled',
        password_hash: passwordHash,
        created_at: clock.now().toISOString(),
        last_login_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (account.roleIds.length > 0) {
      await trx
        .insertInto('user_roles')
        .values(account.roleIds.map((role_id) => ({ user_id: id, role_id })))
        .execute();
    }
    return id;
  });
}

/** A new password ends every session of the user and lifts a sign-in lock on the name. */
export async function setPassword(
  db: Db,
  clock: Clock,
  user: { id: number; username: string },
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    await revokeUserSessions(trx, user.id, clock.now());
    await clearFailures(trx, user.username);
  });
}

/** The union of the keys of the user's roles. */
export async function userAccessKeys(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('role_access_keys', 'role_access_keys.role_id', 'user_roles.role_id')
    .select('role_access_keys.access_key')
    .distinct()
    .where('user_roles.user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.access_key));
}
