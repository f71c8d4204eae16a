import type { components } from '../../src/generated/openapi';
import { accessKeys } from '../../src/generated/access';
import type { AuthContext } from '../auth/auth-context';
import { userAccessKeys } from '../auth/session-grants';

export async function loadCurrentUser(
  ctx: AuthContext,
  userId: number,
): Promise<components['schemas']['CurrentUser']> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'phone', 'last_login_at', 'alert_notifications'])
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
    permissionInfos: accessKeys.filter((key) => held.has(key)).map((code) => ({ code })),
    lastLoginAt: user.last_login_at,
    alertNotifications: user.alert_notifications === 1,
  };
}
