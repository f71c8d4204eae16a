import { sql, type RawBuilder } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';

/**
 * The plan of `query` as one text, SQLite's `explain query plan` or PostgreSQL's `explain`. On
 * PostgreSQL one connection may not scan a whole table where an index serves: the tests' tables
 * are near empty, and only the planner's preference for a scan of nothing would hide the index.
 */
export async function queryPlanOf(db: Db, query: RawBuilder<unknown>): Promise<string> {
  if (dialectOf(db) !== 'postgres') {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.map((row) => row.detail).join('\n');
  }
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(connection);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}
