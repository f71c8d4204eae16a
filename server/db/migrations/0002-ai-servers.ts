import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('ai_servers')
    .addColumn('id', 'integer', t.identity)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('hardware_model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accelerator_type', 'text', (c) => c.notNull())
    .addColumn('channel_capacity', 'integer', (c) => c.notNull())
    .addColumn('software_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('offline')
        .check(sql`status in ('online', 'offline')`),
    )
    .addColumn('last_heartbeat_at', t.timestamp)
    .addColumn('cpu_load', t.real)
    .addColumn('memory_load', t.real)
    .addColumn('accelerator_load', t.real)
    .addColumn('ingest_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('ai_servers_ip_port', ['ip', 'port'])
    .execute();
  // One index per sortable column of listAiServers, so a sorted page never sorts the whole table.
  for (const column of ['name', 'status', 'channel_capacity', 'last_heartbeat_at', 'created_at']) {
    await db.schema.createIndex(`ai_servers_${column}`).on('ai_servers').columns([column, 'id']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_servers').execute();
}
