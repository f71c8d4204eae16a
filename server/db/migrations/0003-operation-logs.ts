import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('operation_logs')
    .addColumn('id', 'integer', t.identity)
    .addColumn('time', t.timestamp, (c) => c.notNull())
    // No foreign key: the log outlives the users it names.
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('area', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('detail_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('operation_logs_time').on('operation_logs').column('time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operation_logs').execute();
}
