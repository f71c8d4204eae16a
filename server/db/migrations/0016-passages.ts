import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Passages through the gates, as the gates' controllers report them through an AI server's ingest
 * key: what was presented (a staff number, a visitor's pass code or a plate) as sent, and whom it
 * matched then. A passage is a record of what happened: it outlives the staff member, visitor,
 * vehicle and AI server it names (their keys set null on delete). The unique index on the sender's
 * own event id is what keeps a retried report from being stored twice, even by concurrent retries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('passages')
    .addColumn('id', 'integer', t.identity)
    .addColumn('ai_server_id', 'integer', (c) => c.references('ai_servers.id').onDelete('set null'))
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('gate', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('result', 'text', (c) => c.notNull().check(sql`result in ('allowed', 'denied')`))
    .addColumn('employee_no', 'text')
    .addColumn('pass_code', 'text')
    .addColumn('plate', 'text')
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('visitor_id', 'integer', (c) => c.references('visitors.id').onDelete('set null'))
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null'))
    .addColumn('photo_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passages_ai_server_id_source_id')
    .unique()
    .on('passages')
    .columns(['ai_server_id', 'source_id'])
    .execute();
  // Each detail view lists one person's or vehicle's passages newest first; "passed today" asks
  // which of them passed in a time range.
  for (const owner of ['staff_id', 'visitor_id', 'vehicle_id']) {
    await db.schema
      .createIndex(`passages_${owner}_occurred_at`)
      .on('passages')
      .columns([owner, 'occurred_at', 'id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passages').execute();
}
