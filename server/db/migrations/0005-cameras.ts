import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('cameras')
    .addColumn('id', 'integer', t.identity)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('main_stream_url', 'text', (c) => c.notNull())
    .addColumn('sub_stream_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    // The service refuses to delete a server cameras are bound to; the key keeps that true for other writers.
    .addColumn('ai_server_id', 'integer', (c) => c.references('ai_servers.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('offline')
        .check(sql`status in ('online', 'offline')`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // One index per sortable column of listCameras, and one for counting the cameras of a server.
  for (const column of ['name', 'area', 'vendor', 'status', 'created_at', 'ai_server_id']) {
    await db.schema.createIndex(`cameras_${column}`).on('cameras').columns([column, 'id']).execute();
  }

  await db.schema
    .createTable('camera_tasks')
    .addColumn('id', 'integer', t.identity)
    .addColumn('camera_id', 'integer', (c) => c.notNull().references('cameras.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('confidence_threshold', t.real, (c) => c.notNull())
    // JSON text: [{ "x": 0.1, "y": 0.2 }, ...].
    .addColumn('region', t.json, (c) => c.notNull())
    // JSON text: seven strings of 48 '0'/'1' half-hour slots, Monday first.
    .addColumn('schedule', t.json, (c) => c.notNull())
    .addColumn('alert_level', 'text', (c) =>
      c.notNull().check(sql`alert_level in ('low', 'medium', 'high', 'critical')`),
    )
    .addColumn('enabled', t.flag, (c) => c.notNull().defaultTo(t.flagValue(true)))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('camera_tasks_camera_id')
    .on('camera_tasks')
    .columns(['camera_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('camera_tasks').execute();
  await db.schema.dropTable('cameras').execute();
}
