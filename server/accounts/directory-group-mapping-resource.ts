import { defineResource } from '../resources/declared-handlers';
import { lockAccounts } from './account-lock';
import { checkRoleMapping, checkRoleRemoval } from './grant-rules';

/**
 * 目录组映射 / Directory group mapping: table directory_group_mappings, item schema
 * DirectoryGroupMapping. Each row gives the members of one group of an identity source (LDAP,
 * OpenID Connect) one role, read at each of their sign-ins (external-identities.ts). Nobody maps,
 * changes or removes a mapping to a role holding more than they do (grant-rules).
 */
export const directoryGroupMappingResource = defineResource({
  schema: 'DirectoryGroupMapping',
  unique: [['provider', 'groupName', 'roleId']],
  references: {
    roleId: { table: 'roles', what: { zh: '角色', en: 'role' }, labelColumn: 'name', label: 'roleName' },
  },
  labelField: 'groupName',

  async checkWrite({ db, actorId }, change) {
    await lockAccounts(db);
    return checkRoleMapping(db, actorId, change);
  },

  async beforeDelete(db, ids, { actorId, field }) {
    await lockAccounts(db);
    const rows = await db
      .selectFrom('directory_group_mappings')
      .select('role_id')
      .where('id', 'in', [...ids])
      .execute();
    await checkRoleRemoval(db, actorId, [...new Set(rows.map((row) => row.role_id))], field);
  },
});
