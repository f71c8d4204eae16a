import type { Db } from '../db/open-database';
import { refusal, type FieldProblem } from '../kernel/api-error';
import type { ResourceDefinition } from '../resources/resource-definition';
import type { ResourceOperationIds } from '../resources/resource-handlers';
import { lockAccounts } from './account-lock';
import { checkRoleGrant, checkRoleRemoval } from './grant-rules';

/** openapi.yaml operations of the role screen (tag `role`). */
export const roleOperationIds = {
  list: 'listRoles',
  get: 'getRole',
  create: 'createRole',
  update: 'updateRole',
  delete: 'deleteRole',
  bulkDelete: 'bulkDeleteRoles',
  export: 'exportRoles',
} as const satisfies ResourceOperationIds;

/** How many users hold each role. */
async function countHolders(db: Db, roleIds: readonly number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_roles')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('role_id', 'in', [...roleIds])
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.count)]));
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * Roles: table roles, item schema Role, access keys in role_access_keys. The built-in administrator
 * role (builtin = 1, kept holding every key by syncAdminRole) may be renamed and described, but
 * keeps its code and keys and is never deleted; a role users still hold is not deleted either.
 * Nobody grants keys they do not hold, nor touches a role holding more than they do (grant-rules).
 */
export const roleResource: ResourceDefinition = {
  schema: 'Role',
  fields: {
    description: { whenAbsent: '' },
    builtin: { fromRow: (value) => value === 1 },
  },
  links: {
    accessKeys: { table: 'role_access_keys', ownerColumn: 'role_id', valueColumn: 'access_key' },
  },

  computed: {
    fields: ['userCount'],
    async load(db, ids) {
      const counts = await countHolders(db, ids);
      return new Map(ids.map((id) => [id, { userCount: counts.get(id) ?? 0 }]));
    },
  },

  async checkWrite({ db, actorId }, change) {
    await lockAccounts(db);
    const granted = await checkRoleGrant(db, actorId, change);
    const { before, input } = change;
    if (before?.builtin !== true) return granted;
    // Only an administrator gets here (grant rules), holding every key: the only grant problem
    // left would be changing the keys of a role they hold, which the rule below words for this role.
    const problems: FieldProblem[] = [];
    if (input.code !== before.code) {
      problems.push({
        field: 'code',
        message: {
          zh: `内置管理员角色的编码不能修改（须为 ${String(before.code)}）`,
          en: `the built-in administrator role keeps its code (${String(before.code)})`,
        },
      });
    }
    if (!sameSet(input.accessKeys as unknown[], before.accessKeys as unknown[])) {
      problems.push({
        field: 'accessKeys',
        message: {
          zh: '内置管理员角色始终拥有全部权限，不能修改',
          en: 'the built-in administrator role always holds every access key; they cannot be changed',
        },
      });
    }
    return problems;
  },

  async beforeDelete(db, ids, { actorId, field }) {
    if (ids.length === 0) return;
    await lockAccounts(db);
    await checkRoleRemoval(db, actorId, ids, field);
    const roles = await db
      .selectFrom('roles')
      .select(['id', 'name', 'builtin'])
      .where('id', 'in', [...ids])
      .execute();
    const counts = await countHolders(db, ids);
    const problems = roles.flatMap((role): FieldProblem['message'][] => {
      if (role.builtin === 1) {
        return [
          {
            zh: `内置角色「${role.name}」不能删除`,
            en: `the built-in role “${role.name}” cannot be deleted`,
          },
        ];
      }
      const holders = counts.get(role.id) ?? 0;
      if (holders === 0) return [];
      return [
        {
          zh: `角色「${role.name}」仍有 ${holders} 个用户使用，请先在用户管理中移除该角色`,
          en: `role “${role.name}” is still held by ${holders} user${holders === 1 ? '' : 's'}; take it from them in Users first`,
        },
      ];
    });
    if (problems.length > 0) {
      throw refusal([
        {
          field,
          message: { zh: problems.map((p) => p.zh).join('；'), en: problems.map((p) => p.en).join('; ') },
        },
      ]);
    }
  },
};
