import type { Kysely } from 'kysely';

/**
 * Indexes that answer two lists' "equality + contains" filters without reading their rows.
 *
 * Cameras' area: a site's cameras stand in a few dozen areas, so its "contains" filter finds the
 * areas holding the text first, one seek per distinct area, then counts the cameras of those areas
 * inside this index, their status beside them (db/contains-search.ts). PostgreSQL's trigram index
 * handed over the 10,000 cameras of "3号楼" to be read and checked again (13–18 ms; 2 ms so).
 *
 * The operation log's result, time and action names in one index, replacing 0030's (result, time,
 * id): a search of two characters (告警), which no trigram answers, then checks the names of the
 * result's rows inside the index instead of reading 5,000 rows scattered over the table (SQLite:
 * count 3.5 → 0.7 ms, page 4.5 → 1.2 ms).
 */
const cameraAreas = { name: 'cameras_area_status', table: 'cameras', columns: ['area', 'status'] };
const logResults = {
  name: 'operation_logs_result_time_actions',
  table: 'operation_logs',
  columns: ['result', 'time', 'action_name_zh', 'action_name_en'],
};
/** 0030's, which the new one's leading columns serve. */
const replacedLogIndex = {
  name: 'operation_logs_result_time',
  table: 'operation_logs',
  columns: ['result', 'time', 'id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { name, table, columns } of [cameraAreas, logResults])
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  await db.schema.dropIndex(replacedLogIndex.name).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { name, table, columns } = replacedLogIndex;
  await db.schema.createIndex(name).on(table).columns(columns).execute();
  for (const index of [logResults, cameraAreas]) await db.schema.dropIndex(index.name).execute();
}
