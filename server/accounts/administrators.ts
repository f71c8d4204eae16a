import type { Db } from '../db/open-database';

/** Enabled users holding the built-in administrator role: the console must always keep one. */
export async function enabledAdministratorIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.id')
    .distinct()
    .where('users.status', '=', 'enabled')
    .where('roles.builtin', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}

export async function builtinRoleIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('roles').select('id').where('builtin', '=', 1).execute();
  return rows.map((row) => row.id);
}
