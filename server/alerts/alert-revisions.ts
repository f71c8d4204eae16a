import { sql } from 'kysely';
import { dialectOf } from '../db/dialect';
import { numberNow } from './revision-triggers';
import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';

const nextRevisionRow = reusedQuery((db) =>
  db.selectNoFrom(
    sql<number>`coalesce((select max(${sql.ref('revision')}) from ${sql.table('alerts')}), 0) + 1`.as('next'),
  ),
);

/**
 * The revision the next change of an alert takes: one above the highest, read inside the writing
 * transaction, whose lock (SQLite has one writer) keeps two changes from taking the same number.
 * PostgreSQL numbers at commit whatever revision but `numberNow` a statement writes (migrations 0028,
 * 0031, 0034, 0035).
 */
export async function nextRevision(db: Db): Promise<number> {
  const [row] = (await nextRevisionRow.execute(db, {})).rows;
  return Number(row?.next ?? 1);
}

/**
 * The revisions `count` alerts inserted in one statement write, numbered as they are written, in
 * order: on SQLite the next ones (its statement would compute `max(revision)` once for all rows); on
 * PostgreSQL `numberNow` each, which its row trigger replaces (migration 0036): the statement must be
 * among the transaction's last.
 */
export async function insertedRevisions(db: Db, count: number): Promise<number[]> {
  if (dialectOf(db) === 'postgres' || count === 0) return Array.from({ length: count }, () => numberNow);
  const next = await nextRevision(db);
  return Array.from({ length: count }, (_, n) => next + n);
}
