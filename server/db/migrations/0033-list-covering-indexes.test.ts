import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test-support/test-app';
import { openTestDatabase, testOnPostgres } from '../../test-support/test-database';
import { columnContains } from '../contains-search';
import { containsText } from '../portable-sql';
import { queryPlanOf } from '../../test-support/query-plan';

describe('migration 0033-list-covering-indexes', () => {
  it('counts cameras of a status in the areas holding a text inside the area index', async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    try {
      const area = columnContains(db, { table: 'cameras', column: 'area' }, sql.ref('area'), '3号楼');
      const plan = await queryPlanOf(
        db,
        sql`select count(*) from cameras where status = 'offline' and ${area}`,
      );
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
      const plan = await queryPlanOf(
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
