import type { Clock } from '../kernel/clock';
import type { Db } from '../db/open-database';

export const adminRole = {
  code: 'admin',
  name: '系统管理员',
  description: '内置角色，拥有全部权限',
} as const;

export async function findRoleIds(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('roles').select(['id', 'code']).where('code', 'in', codes).execute();
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Creates the built-in administrator role if needed and makes it hold exactly the contract's keys. */
export async function syncAdminRole(db: Db, clock: Clock, accessKeys: readonly string[]): Promise<number> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('roles')
      .values({ ...adminRole, builtin: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('code').doUpdateSet({ builtin: 1 }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const held = await trx
      .selectFrom('role_access_keys')
      .select('access_key')
      .where('role_id', '=', id)
      .execute();
    const heldKeys = new Set(held.map((row) => row.access_key));
    const retired = [...heldKeys].filter((key) => !accessKeys.includes(key));
    const missing = accessKeys.filter((key) => !heldKeys.has(key));
    if (retired.length > 0) {
      await trx
        .deleteFrom('role_access_keys')
        .where('role_id', '=', id)
        .where('access_key', 'in', retired)
        .execute();
    }
    if (missing.length > 0) {
      await trx
        .insertInto('role_access_keys')
        .values(missing.map((access_key) => ({ role_id: id, access_key })))
        .execute();
    }
    return id;
  });
}
