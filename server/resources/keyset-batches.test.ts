import { sql } from 'kysely';
import { describe, expect, onTestFinished, test } from 'vitest';
import { openDatabase, type Db } from '../db/open-database';
import { tempDir } from '../test-support/test-app';
import { testDatabaseUrl } from '../test-support/test-database';
import { selectInBatches, type RowSelection } from './resource-store';

/** A table of the test's own beside the migrated ones: a nullable and a required sort column. */
async function databaseWithRows(rows: readonly { id: number; v: string | null }[]): Promise<Db> {
  const dataDir = tempDir();
  const db = await openDatabase(dataDir, await testDatabaseUrl(dataDir, onTestFinished));
  onTestFinished(() => db.destroy());
  await sql`create table keyset_rows (id integer primary key, v text, w text not null)`.execute(db);
  for (const row of rows)
    await sql`insert into keyset_rows (id, v, w) values (${row.id}, ${row.v}, ${row.v ?? '-'})`.execute(db);
  return db;
}

const rows = [
  { id: 1, v: 'b' },
  { id: 2, v: null },
  { id: 3, v: 'a' },
  { id: 4, v: 'b' },
  { id: 5, v: null },
  { id: 6, v: 'c' },
  { id: 7, v: 'a' },
  { id: 8, v: null },
];

/** The list's own order: null lowest, ties by id in the same direction. */
function expectedIds(column: 'v' | 'w', descending: boolean): number[] {
  const key = (row: (typeof rows)[number]) => (column === 'v' ? row.v : (row.v ?? '-'));
  const sorted = [...rows].sort((x, y) => {
    const [a, b] = [key(x), key(y)];
    const byValue = a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
    return byValue !== 0 ? byValue : x.id - y.id;
  });
  return (descending ? sorted.reverse() : sorted).map((row) => row.id);
}

async function idsInBatches(db: Db, column: string, descending: boolean, batchSize: number) {
  const selection: RowSelection = {
    table: 'keyset_rows',
    filters: [],
    conditions: [],
    order: { column, descending },
  };
  const batches: number[][] = [];
  for await (const batch of selectInBatches(db, selection, batchSize))
    batches.push(batch.map((row) => Number(row.id)));
  return batches;
}

describe('an export read in keyset batches', () => {
  test.each([
    { column: 'v', descending: true },
    { column: 'v', descending: false },
    { column: 'w', descending: true },
    { column: 'w', descending: false },
  ] as const)('holds every row once in the list order ($column, descending: $descending)', async (order) => {
    const db = await databaseWithRows(rows);
    for (const batchSize of [1, 2, 3, 8, 100]) {
      const batches = await idsInBatches(db, order.column, order.descending, batchSize);
      expect(batches.flat()).toEqual(expectedIds(order.column, order.descending));
      expect(batches.every((batch) => batch.length > 0 && batch.length <= batchSize)).toBe(true);
    }
  });
});
