import type { AppContext } from '../app-context';
import { userAccessKeys } from './users';

/** openapi.yaml components.schemas.CurrentUser */
export interface CurrentUser {
  readonly id: number;
  readonly userName: string;
  readonly name: string;
  readonly phone: string | null;
  readonly roles: readonly { readonly id: number; readonly code: string; readonly name: string }[];
  readonly permissionInfos: readonly { readonly code: string }[];
  readonly lastLoginAt: string | null;
}

export async function loadCurrentUser(ctx: AppContext, userId: number): Promise<CurrentUser> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'phone', 'last_login_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const roles = await ctx.db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.code', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.id')
    .execute();
  const held = await userAccessKeys(ctx.db, userId);
  return {
    id: user.id,
    userName: user.username,
    name: user.name,
    phone: user.phone,
    roles,
    // In the contract's key order; keys a role still holds but the contract dropped are left out.
    permissionInfos: ctx.contract.accessKeys.filter((key) => held.has(key)).map((code) => ({ code })),
    lastLoginAt: user.last_login_at,
  };
}
