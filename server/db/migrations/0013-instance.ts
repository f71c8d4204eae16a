import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * The database's identity: one row written when a data folder's database is first opened, its id
 * also kept in DATA_DIR/instance-id. A database whose id the folder does not hold (an empty or
 * foreign one put in place by a failed restore) must not have the folder's stored files swept as
 * unknown to it, and a database created less than a day ago has not seen every file yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('instance')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance').execute();
}
