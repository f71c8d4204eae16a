import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Indexes that fit the alert wall's filters at a million alerts, and on PostgreSQL trigram indexes
 * for the lists' "contains" filters.
 *
 * The wall filters by status and level, and by camera and status, newest first: with each filter
 * pair ahead of the order, both the page (walked in order, no sort) and its total (counted inside
 * the index) read only the matching entries. The label filter is a "contains": on SQLite no b-tree
 * can seek it, but an index holding the label lets its count scan that index instead of the whole
 * rows. PostgreSQL's `ilike` is answered by pg_trgm's GIN indexes instead (any search of three
 * characters or more), so that label index is SQLite's only.
 */
const composites = [
  ['status', 'level', 'occurred_at', 'id'],
  ['camera_id', 'status', 'occurred_at', 'id'],
];

/** The columns the contracts' "contains" filters search (portable-sql.ts `containsText`), by table. */
export const containsColumns: Readonly<Record<string, readonly string[]>> = {
  alerts: ['label', 'label_en', 'area'],
  ai_servers: ['name', 'serial_number', 'ip', 'location'],
  cameras: ['name', 'code', 'area'],
  users: ['username', 'name', 'phone'],
  operation_logs: ['username', 'action_name_zh', 'action_name_en'],
  staff: ['employee_no', 'name', 'department', 'phone', 'card_no'],
  visitors: ['name', 'phone', 'company', 'plate'],
  vehicles: ['plate'],
  models: ['name', 'version'],
};

const trigramIndexes = Object.entries(containsColumns).flatMap(([table, columns]) =>
  columns.map((column) => ({ table, column, name: `${table}_${column}_trgm` })),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const columns of composites) {
    await db.schema
      .createIndex(`alerts_${columns.slice(0, -1).join('_')}`)
      .on('alerts')
      .columns(columns)
      .execute();
  }
  if (dialectOf(db) === 'sqlite') {
    await db.schema
      .createIndex('alerts_label_occurred_at')
      .on('alerts')
      .columns(['label', 'occurred_at', 'id'])
      .execute();
    return;
  }
  // A trusted extension since PostgreSQL 13: the database's owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const { table, column, name } of trigramIndexes) {
    await sql`create index ${sql.id(name)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const columns of composites)
    await db.schema.dropIndex(`alerts_${columns.slice(0, -1).join('_')}`).execute();
  if (dialectOf(db) === 'sqlite') {
    await db.schema.dropIndex('alerts_label_occurred_at').execute();
    return;
  }
  // The extension stays: other databases' objects of the cluster may use it.
  for (const { name } of trigramIndexes) await db.schema.dropIndex(name).execute();
}
