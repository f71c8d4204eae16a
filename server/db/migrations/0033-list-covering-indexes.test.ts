import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test-support/test-app';
import { openTestDatabase, testOnPostgres } from '../../test-support/test-database';
import { columnContains } from '../contains-search';
import type { Db } from '../open-database';
import { containsText } from '../portable-sql';

/** The plan of `query` as one text; PostgreSQL may not scan a whole (empty) table where an index serves. */
async function planOf(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  return db.connection().execute(async (connection) => {
    if (!testOnPostgres) {
      const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(connection);
      return rows.map((row) => row.detail).join('\n');
    }
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(connection);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

describe('migration 0033-list-covering-indexes', () => {
  it('counts cameras of a status in the areas holding a text inside the area index', async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    try {
      const area = columnContains(db, { table: 'cameras', column: 'area' }, sql.ref('area'), '3号楼');
      const plan = await planOf(db, sql`select count(*) from cameras where status = 'offline' and ${area}`);
      expect(plan).toContain('cameras_area_status');
      expect(plan).not.toContain('trgm');
      if (!testOnPostgres) expect(plan).toContain('COVERING INDEX cameras_area_status');
    } finally {
      await db.destroy();
    }
  });

  it("counts the operation log's result with a two-character action search inside one index", async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    try {
      const action = containsText(db, sql.ref('action_name_zh'), '告警');
      const plan = await planOf(
        db,
        sql`select count(*) from operation_logs where result = 'failure' and ${action}`,
      );
      expect(plan).toContain(
        testOnPostgres
          ? 'Index Only Scan using operation_logs_result_time_actions'
          : 'COVERING INDEX operation_logs_result_time_actions',
      );
    } finally {
      await db.destroy();
    }
  });
});
