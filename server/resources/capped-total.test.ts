import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/open-database';
import type { Table } from '../db/schema';
import { startTestApp, testAdminPassword } from '../test-support/test-app';
import { openTestDatabase } from '../test-support/test-database';
import { cappedTotal, listTotalCap } from './resource-service';
import { selectPage, type RowSelection } from './resource-store';

type LogEntry = Insertable<Table<'operation_logs'>>;

const entry = (n: number, action: string): LogEntry => ({
  time: new Date(Date.UTC(2026, 0, 1, 8, 0, n)).toISOString(),
  user_id: null,
  username: 'bulk',
  ip: '10.0.0.1',
  area: null,
  action,
  action_name_zh: action,
  action_name_en: action,
  target: '',
  result: 'success',
  code: '0',
  detail_zh: '',
  detail_en: '',
});

/** `count` entries of `action` written straight into the table, a few hundred per statement. */
async function insertEntries(db: Db, count: number, action: string): Promise<void> {
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    await db
      .insertInto('operation_logs')
      .values(Array.from({ length: size }, (_, i) => entry(start + i, action)))
      .execute();
  }
}

const bulkEntries = (action?: string): RowSelection => ({
  table: 'operation_logs',
  filters: [
    { column: 'username', mode: 'equals', value: 'bulk' },
    ...(action === undefined ? [] : [{ column: 'action', mode: 'contains' as const, value: action }]),
  ],
  conditions: [],
  order: { column: 'time', descending: true },
});

async function withDatabase(test: (db: Db, dataDir: string) => Promise<void>): Promise<void> {
  const { dataDir } = await startTestApp();
  const db = await openTestDatabase(dataDir);
  try {
    await test(db, dataDir);
  } finally {
    await db.destroy();
  }
}

describe('cappedTotal', () => {
  it('counts up to the cap exactly, and answers the cap with totalCapped beyond it', async () => {
    await withDatabase(async (db) => {
      await insertEntries(db, 5, 'keepThis');
      await insertEntries(db, 2, 'other');
      expect(await cappedTotal(db, bulkEntries(), 7)).toEqual({ total: 7, totalCapped: false });
      expect(await cappedTotal(db, bulkEntries(), 6)).toEqual({ total: 6, totalCapped: true });
      expect(await cappedTotal(db, bulkEntries(), 3)).toEqual({ total: 3, totalCapped: true });
      expect(await cappedTotal(db, bulkEntries('keep'), 5)).toEqual({ total: 5, totalCapped: false });
      expect(await cappedTotal(db, bulkEntries('keep'), 4)).toEqual({ total: 4, totalCapped: true });
      expect(await cappedTotal(db, bulkEntries('nothing'), 4)).toEqual({ total: 0, totalCapped: false });
    });
  });
});

describe('a list of more rows than the cap', () => {
  it('answers the capped total and still serves pages past it', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const db = await openTestDatabase(t.dataDir);
    try {
      await insertEntries(db, listTotalCap + 1, 'bulkAction');
    } finally {
      await db.destroy();
    }
    const query = { username: 'bulk', pageSize: 100 };
    const first = await t.call('listOperationLogs', { token, query });
    expect(first.body.data).toMatchObject({ total: listTotalCap, totalCapped: true, page: 1, pageSize: 100 });
    const last = await t.call('listOperationLogs', { token, query: { ...query, page: 101 } });
    expect(last.body.data.items).toHaveLength(1);
    const narrowed = await t.call('listOperationLogs', { token, query: { ...query, actionName: 'nothing' } });
    expect(narrowed.body.data).toMatchObject({ total: 0, totalCapped: false });
  });
});

describe('a page found by its ids first', () => {
  it('holds the rows, in the order, that walking down the list finds', async () => {
    await withDatabase(async (db) => {
      // Fifty distinct times over 1,300 entries: the order's ties are broken by id.
      const rows = Array.from({ length: 1_300 }, (_, n) => entry(n % 50, 'deep'));
      for (let start = 0; start < rows.length; start += 500)
        await db
          .insertInto('operation_logs')
          .values(rows.slice(start, start + 500))
          .execute();
      for (const descending of [true, false]) {
        // Found through SQLite's trigram table where the matches are few (0030).
        const selection: RowSelection = {
          ...bulkEntries(),
          filters: [{ column: 'action_name_zh', mode: 'contains', value: 'deep' }],
          order: { column: 'time', descending },
        };
        const direction = descending ? 'desc' : 'asc';
        const walked = await db
          .selectFrom('operation_logs')
          .select('id')
          .orderBy('time', direction)
          .orderBy('id', direction)
          .execute();
        for (const offset of [0, 1_100]) {
          const expected = walked.slice(offset, offset + 100).map((row) => row.id);
          for (const fewMatches of [false, true]) {
            const page = await selectPage(db, selection, { offset, limit: 100, fewMatches });
            expect(page.map((row) => row.id)).toEqual(expected);
          }
        }
      }
    });
  });
});
