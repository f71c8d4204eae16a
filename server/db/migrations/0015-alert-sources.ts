import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Alerts that are not AI detections: a device's health (an AI server offline, a camera's stream
 * lost) and, later, gates. `source` tells them apart on the wall, in the list and on the dashboard
 * (every alert before this one is an AI detection); `type` says what happened in words a
 * notification rule matches (`detection` for the AI's); `label_en` is the label in English, as a
 * system alert's title has one (an AI label is the model's class name, the same in both).
 *
 * A system alert's own key (`source_id`) is unique per source: the index leaves AI alerts out,
 * whose key is unique per AI server instead (0014).
 *
 * And each camera's stream as its AI server last reported it (1 working, 0 lost, null never told),
 * apart from its status, which also goes offline with its server: only a change of the reported
 * stream raises an alert, and a restart of the console finds what was already alerted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('alerts')
    .addColumn('source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ai')
        .check(sql`source in ('ai', 'device', 'access')`),
    )
    .execute();
  await db.schema
    .alterTable('alerts')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('detection'))
    .execute();
  await db.schema
    .alterTable('alerts')
    .addColumn('label_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update alerts set label_en = label`.execute(db);
  await db.schema
    .createIndex('alerts_source_occurred_at')
    .on('alerts')
    .columns(['source', 'occurred_at', 'id'])
    .execute();
  await db.schema
    .createIndex('alerts_system_source_id')
    .unique()
    .on('alerts')
    .columns(['source', 'source_id'])
    .where(sql.ref('source'), '<>', sql.lit('ai'))
    .execute();
  await db.schema.alterTable('cameras').addColumn('stream_ok', t.flag).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cameras').dropColumn('stream_ok').execute();
  await db.schema.dropIndex('alerts_system_source_id').execute();
  await db.schema.dropIndex('alerts_source_occurred_at').execute();
  for (const column of ['label_en', 'type', 'source'])
    await db.schema.alterTable('alerts').dropColumn(column).execute();
}
