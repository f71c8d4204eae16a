import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * AI alerts reported by AI servers. An alert is a record of what happened: it outlives the camera,
 * task, model and AI server it came from (their keys set null on delete), so it also keeps the
 * names they had when it was raised, which the alert wall, the export and the dashboard show.
 * Its snapshot is a stored file; the unused-file sweep finds the column by its foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'integer', t.identity)
    .addColumn('ai_server_id', 'integer', (c) => c.references('ai_servers.id').onDelete('set null'))
    .addColumn('camera_id', 'integer', (c) => c.references('cameras.id').onDelete('set null'))
    .addColumn('task_id', 'integer', (c) => c.references('camera_tasks.id').onDelete('set null'))
    .addColumn('model_id', 'integer', (c) => c.references('models.id').onDelete('set null'))
    .addColumn('ai_server_name', 'text', (c) => c.notNull())
    .addColumn('camera_name', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('task_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull().check(sql`level in ('low', 'medium', 'high', 'critical')`))
    .addColumn('confidence', t.real, (c) => c.notNull())
    .addColumn('boxes', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('snapshot_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'confirmed', 'dismissed')`),
    )
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('handled_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handled_at', t.timestamp)
    .addColumn('handling_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The wall and the dashboard read newest first, by time, camera, status and level.
  for (const columns of [
    ['occurred_at'],
    ['camera_id', 'occurred_at'],
    ['status', 'occurred_at'],
    ['level', 'occurred_at'],
  ]) {
    await db.schema
      .createIndex(`alerts_${columns.join('_')}`)
      .on('alerts')
      .columns([...columns, 'id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alerts').execute();
}
