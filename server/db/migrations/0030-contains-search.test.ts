import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dataDirBefore } from '../../test-support/migrations';
import { startTestApp } from '../../test-support/test-app';
import { openTestDatabase, testOnPostgres } from '../../test-support/test-database';
import { columnContains, trigramColumns, trigramTableOf } from '../contains-search';
import { openDatabase, type Db } from '../open-database';
import { queryPlanOf } from '../../test-support/query-plan';

const name = '0030-contains-search';

/** The rows of `table` its trigram table finds for the FTS5 query `match`. */
async function trigramIds(db: Db, table: string, match: string): Promise<number[]> {
  const trigrams = sql.table(trigramTableOf(table));
  const { rows } = await sql<{
    rowid: number;
  }>`select rowid from ${trigrams} where ${trigrams} match ${match} order by rowid`.execute(db);
  return rows.map((row) => row.rowid);
}

describe.runIf(!testOnPostgres)(`migration ${name}`, () => {
  it('indexes the rows written before it, then follows every insert, update and delete', async () => {
    const dataDir = await dataDirBefore(name, (sqlite) => {
      const insert = sqlite.prepare(
        `insert into ai_servers (name, serial_number, ip, port, accelerator_type, channel_capacity, status, ingest_key_hash, created_at, updated_at)
         values (?, ?, ?, 8000, 'NPU', 8, 'offline', ?, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')`,
      );
      insert.run('北门盒子', 'SN-0001', '10.0.0.1', 'hash-1');
      insert.run('南门盒子', 'SN-0002', '10.0.0.2', 'hash-2');
    });
    const db = await openDatabase(dataDir);
    try {
      expect(await trigramIds(db, 'ai_servers', 'name : "门盒子"')).toEqual([1, 2]);
      expect(await trigramIds(db, 'ai_servers', 'serial_number : "sn-0002"')).toEqual([2]);
      await sql`update ai_servers set name = '西门仓库' where id = 1`.execute(db);
      await sql`update ai_servers set status = 'online' where id = 2`.execute(db);
      expect(await trigramIds(db, 'ai_servers', 'name : "门盒子"')).toEqual([2]);
      expect(await trigramIds(db, 'ai_servers', 'name : "西门仓"')).toEqual([1]);
      await sql`delete from ai_servers where id = 2`.execute(db);
      expect(await trigramIds(db, 'ai_servers', 'name : "门盒子"')).toEqual([]);
      expect(await trigramIds(db, 'ai_servers', 'ip : "10.0.0"')).toEqual([1]);
    } finally {
      await db.destroy();
    }
  });

  it('searches every indexed column by its trigrams, and a label through the label index by seeks', async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    try {
      for (const [table, columns] of Object.entries(trigramColumns)) {
        for (const column of columns) expect(await trigramIds(db, table, `${column} : "安全帽"`)).toEqual([]);
      }
      const label = columnContains(db, { table: 'alerts', column: 'label' }, sql.ref('label'), '吸烟');
      expect(await queryPlanOf(db, sql`select count(*) from alerts where ${label}`)).toContain(
        'SEARCH alerts USING COVERING INDEX alerts_label_occurred_at (label=?)',
      );
    } finally {
      await db.destroy();
    }
  });
});
