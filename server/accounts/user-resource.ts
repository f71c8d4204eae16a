import { hashPassword } from '../auth/password-hash';
import { revokeUserSessions } from '../auth/sessions';
import type { Db } from '../db/open-database';
import { refusal } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { Item, ResourceDefinition } from '../resources/resource-definition';
import type { ResourceOperationIds } from '../resources/resource-handlers';
import { lockAccounts } from './account-lock';
import { builtinRoleIds, enabledAdministratorIds } from './administrators';
import { checkUserGrant, checkUserTargets } from './grant-rules';
import { lookAlikeName, storeUsernameKey, usernameKey } from '../auth/user-names';

/** openapi.yaml operations of the user screen (tag `user-admin`); resetUserPassword is its own. */
export const userOperationIds = {
  list: 'listUsers',
  get: 'getUser',
  create: 'createUser',
  update: 'updateUser',
  delete: 'deleteUser',
  bulkDelete: 'bulkDeleteUsers',
  export: 'exportUsers',
  choices: 'listUserChoices',
} as const satisfies ResourceOperationIds;

const lastAdministrator: LocalText = {
  zh: '系统至少需要保留一个启用的管理员（拥有内置管理员角色的用户）',
  en: 'at least one enabled administrator (a user holding the built-in administrator role) must remain',
};

/** Whether an input makes an enabled user holding the built-in role. */
async function isAdministrator(db: Db, user: Readonly<Record<string, unknown>>): Promise<boolean> {
  if (user.status !== 'enabled') return false;
  const builtin = await builtinRoleIds(db);
  return (user.roleIds as number[]).some((id) => builtin.includes(id));
}

/**
 * Users: table users, item schema User, roles in user_roles. Create takes the initial password
 * (stored as its hash); update never touches it. Disabling a user ends their sessions. Nobody
 * deletes or disables themself, and the last enabled administrator stays one. Nobody creates,
 * changes or deletes a user holding more than they do, nor grants roles beyond it (grant-rules).
 */
export const userResource: ResourceDefinition = {
  schema: 'User',
  links: {
    roleIds: {
      table: 'user_roles',
      ownerColumn: 'user_id',
      valueColumn: 'role_id',
      references: {
        table: 'roles',
        labelColumn: 'name',
        label: 'roleNames',
        what: { zh: '角色', en: 'role' },
      },
    },
  },
  inputOnly: ['password'],
  labelField: 'username',

  async onCreate(input) {
    const passwordHash = await hashPassword(String(input.password));
    return {
      columns: { password_hash: passwordHash, username_key: usernameKey(String(input.username)) },
      answer: (item: Item) => item,
    };
  },

  async checkWrite({ db, actorId }, change) {
    await lockAccounts(db);
    const granted = await checkUserGrant(db, actorId, change);
    if (granted.length > 0) return granted;
    const { id, input } = change;
    const lookAlike = await lookAlikeName(db, String(input.username), id);
    if (lookAlike.length > 0) return lookAlike;
    if (id === null) return [];
    if (id === actorId && input.status !== 'enabled') {
      return [
        { field: 'status', message: { zh: '不能停用自己的账号', en: 'you cannot disable your own account' } },
      ];
    }
    // As stored now, under the lock: `before` was read before it.
    const administrators = await enabledAdministratorIds(db);
    if (!administrators.includes(id) || (await isAdministrator(db, input))) return [];
    return administrators.some((other) => other !== id)
      ? []
      : [{ field: input.status === 'enabled' ? 'roleIds' : 'status', message: lastAdministrator }];
  },

  async afterWrite({ db, now }, { before, item }) {
    if (before !== null) await storeUsernameKey(db, item.id as number, String(item.username));
    // Whatever `before` says: it was read before the accounts lock, and the user may have been enabled since.
    if (before !== null && item.status !== 'enabled') {
      await revokeUserSessions(db, item.id as number, new Date(now));
    }
  },

  async beforeDelete(db, ids, { actorId, field }) {
    await lockAccounts(db);
    if (actorId !== null && ids.includes(actorId)) {
      throw refusal([
        { field, message: { zh: '不能删除自己的账号', en: 'you cannot delete your own account' } },
      ]);
    }
    await checkUserTargets(db, actorId, ids, field);
    const administrators = await enabledAdministratorIds(db);
    if (administrators.length > 0 && administrators.every((id) => ids.includes(id))) {
      throw refusal([{ field, message: lastAdministrator }]);
    }
  },
};
