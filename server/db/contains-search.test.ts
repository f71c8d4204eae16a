import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cappedTotal } from '../resources/resource-service';
import { selectPage, type RowSelection } from '../resources/resource-store';
import { startTestApp } from '../test-support/test-app';
import { openTestDatabase, testOnPostgres } from '../test-support/test-database';
import { trigramColumns, trigramTableOf } from './contains-search';
import type { Db } from './open-database';
import { containsText } from './portable-sql';

/** Values with ASCII case, caseless text (digits, dots, Chinese) and `like`'s own wildcards. */
const values = [
  'North Gate 1',
  'north-gate 2',
  'NORTHERN 3',
  '北门-10.1.5',
  '南门 10.1.',
  '3号楼东',
  '13号楼',
  'A3号楼b',
  '100%_x',
];
const texts = ['north', 'GATE', '10.1.', '号楼', '3号楼', '%_', 'b', 'B'];
const holding = (text: string) =>
  values.flatMap((value, index) => (value.toLowerCase().includes(text.toLowerCase()) ? [index] : []));

async function withCameras(test: (db: Db, ids: number[]) => Promise<void>): Promise<void> {
  const db = await openTestDatabase((await startTestApp()).dataDir);
  try {
    const ids: number[] = [];
    for (const [n, value] of values.entries()) {
      const at = new Date(Date.UTC(2030, 0, 1, 0, n)).toISOString();
      const { id } = await db
        .insertInto('cameras')
        .values({
          name: value,
          code: `CAM-${n}`,
          area: value,
          main_stream_url: `rtsp://10.9.0.${n}/main`,
          sub_stream_url: '',
          vendor: 'other',
          ip: `10.9.0.${n}`,
          ai_server_id: null,
          status: n % 3 === 0 ? 'online' : 'offline',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    await test(db, ids);
  } finally {
    await db.destroy();
  }
}

describe('"contains" searches', () => {
  it('find the values holding the text, case aside, whether the text has cased letters or not', async () => {
    await withCameras(async (db, ids) => {
      for (const text of texts) {
        const rows = await db
          .selectFrom('cameras')
          .select('id')
          .where(containsText(db, sql.ref('name'), text))
          .orderBy('id')
          .execute();
        expect(
          rows.map((row) => row.id),
          text,
        ).toEqual(holding(text).map((index) => ids[index]));
      }
    });
  });

  it('count and page a camera area through the areas holding the text, as reading every row would', async () => {
    await withCameras(async (db, ids) => {
      for (const text of texts) {
        const selection: RowSelection = {
          table: 'cameras',
          filters: [
            { column: 'status', mode: 'equals', value: 'offline' },
            { column: 'area', mode: 'contains', value: text },
          ],
          conditions: [],
          order: { column: 'created_at', descending: true },
        };
        const expected = holding(text)
          .filter((index) => index % 3 !== 0)
          .map((index) => ids[index])
          .reverse();
        expect(await cappedTotal(db, selection), text).toEqual({
          total: expected.length,
          totalCapped: false,
        });
        for (const fewMatches of [false, true]) {
          const page = await selectPage(db, selection, { offset: 0, limit: 20, fewMatches });
          expect(
            page.map((row) => row.id),
            `${text}, few: ${fewMatches}`,
          ).toEqual(expected);
        }
      }
    });
  });
});

describe.runIf(!testOnPostgres)('SQLite trigram tables', () => {
  it('are, in the migrated database, those contains-search.ts searches, over the same columns', async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    try {
      const { rows } = await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and sql like 'create virtual table%using fts5%' order by name`.execute(db);
      const stored: Record<string, string[]> = {};
      for (const { name } of rows) {
        const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
        stored[name] = columns.rows.map((column) => column.name);
      }
      expect(stored).toEqual(
        Object.fromEntries(
          Object.entries(trigramColumns).map(([table, columns]) => [trigramTableOf(table), columns]),
        ),
      );
    } finally {
      await db.destroy();
    }
  });
});
