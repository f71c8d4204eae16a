import type { Db } from '../db/open-database';
import type { AuthContext } from './auth-context';
import type { ActiveSession } from '../operations/caller';
import { findActiveSessionByHash } from './sessions';

/**
 * Whether the session still stands (not signed out, expired or idle; its user enabled, the password
 * unchanged) and still grants `accessKey` (null: any signed-in user): what a long-lived answer (an
 * event stream) asks again while it runs, as every call asks once.
 */
export async function sessionStillGrants(
  ctx: AuthContext,
  session: ActiveSession,
  accessKey: string | null,
): Promise<boolean> {
  const active = await findActiveSessionByHash(ctx, session.tokenHash);
  if (!active) return false;
  return accessKey === null || (await userAccessKeys(ctx.db, active.userId)).has(accessKey);
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
