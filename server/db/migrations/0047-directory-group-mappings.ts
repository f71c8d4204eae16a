import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

// 目录组映射 / Directory group mapping: one row per item of the DirectoryGroupMapping resource; columns are its
// fields in snake_case. A group maps to a role once; a deleted role leaves its mappings. The indexes
// serve the list's sort orders and filters (with id, its tie-break).
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('directory_group_mappings')
    .addColumn('id', 'integer', t.identity)
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('ldap', 'oidc')`))
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('directory_group_mappings_unique', ['provider', 'group_name', 'role_id'])
    .execute();
  for (const column of ['provider', 'group_name', 'role_id', 'created_at']) {
    await db.schema
      .createIndex(`directory_group_mappings_${column}`)
      .on('directory_group_mappings')
      .columns([column, 'id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('directory_group_mappings').execute();
}
