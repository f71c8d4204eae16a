import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

// Roles become a managed resource: the screen shows and sorts by when each was created and changed.
// Roles made before this migration get its own time, the earliest the data can tell.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  for (const column of ['created_at', 'updated_at']) {
    await db.schema
      .alterTable('roles')
      .addColumn(column, t.timestamp, (c) => c.notNull().defaultTo(t.timestampUnset))
      .execute();
  }
  await sql`update roles set created_at = ${t.now}, updated_at = ${t.now}`.execute(db);
  await db.schema.createIndex('roles_created_at').on('roles').column('created_at').execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_created_at').execute();
  await db.schema.dropIndex('roles_created_at').execute();
  for (const column of ['updated_at', 'created_at']) {
    await db.schema.alterTable('roles').dropColumn(column).execute();
  }
}
