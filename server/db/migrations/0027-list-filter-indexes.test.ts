import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test-support/test-app';
import { openTestDatabase, testOnPostgres } from '../../test-support/test-database';
import { columnContains } from '../contains-search';
import { containsText } from '../portable-sql';
import { containsColumns } from './0027-list-filter-indexes';
import { queryPlanOf } from '../../test-support/query-plan';

describe('migration 0027-list-filter-indexes', () => {
  it("counts the wall's status and level, and camera and status, inside one index each", async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    try {
      expect(
        await queryPlanOf(
          db,
          sql`select count(*) from alerts where status = 'pending' and level = 'critical'`,
        ),
      ).toContain('alerts_status_level_occurred_at');
      expect(
        await queryPlanOf(db, sql`select count(*) from alerts where camera_id = 7 and status = 'pending'`),
      ).toContain('alerts_camera_id_status_occurred_at');
    } finally {
      await db.destroy();
    }
  });

  it.runIf(testOnPostgres)(
    'answers every "contains" filter from a trigram index, but not a search of two characters',
    async () => {
      const db = await openTestDatabase((await startTestApp()).dataDir);
      try {
        for (const [table, columns] of Object.entries(containsColumns)) {
          // The alerts' label is searched through its distinct values since 0032.
          for (const column of columns.filter((name) => `${table}.${name}` !== 'alerts.label')) {
            const where = containsText(db, sql.ref(column), '安全帽');
            expect(await queryPlanOf(db, sql`select id from ${sql.table(table)} where ${where}`)).toContain(
              `${table}_${column}_trgm`,
            );
          }
        }
        const short = containsText(db, sql.ref('area'), '北门');
        expect(await queryPlanOf(db, sql`select id from alerts where ${short}`)).not.toContain('trgm');
      } finally {
        await db.destroy();
      }
    },
  );

  it('counts a label search in the index of labels, through the labels containing it (0032)', async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    try {
      for (const text of ['安全帽', '吸烟']) {
        const where = columnContains(db, { table: 'alerts', column: 'label' }, sql.ref('label'), text);
        const plan = await queryPlanOf(db, sql`select count(*) from alerts where ${where}`);
        expect(plan).toContain('alerts_label_occurred_at');
        expect(plan).not.toContain('trgm');
      }
    } finally {
      await db.destroy();
    }
  });

  it.runIf(!testOnPostgres)(
    'lets SQLite count a label search in an index of labels instead of the rows',
    async () => {
      const db = await openTestDatabase((await startTestApp()).dataDir);
      try {
        const where = containsText(db, sql.ref('label'), '安全帽');
        expect(await queryPlanOf(db, sql`select count(*) from alerts where ${where}`)).toContain(
          'COVERING INDEX alerts_label_occurred_at',
        );
      } finally {
        await db.destroy();
      }
    },
  );
});
