import { sql } from 'kysely';
import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';

/**
 * The revision the next change of an alert takes: one above the highest. Taken inside the writing
 * transaction, whose lock (SQLite has one writer) keeps two changes from taking the same number. A
 * statement that writes an alert takes it as this expression, with no read of its own.
 */
export const nextRevisionValue = sql<number>`coalesce((select max(${sql.ref('revision')}) from ${sql.table('alerts')}), 0) + 1`;

const nextRevisionRow = reusedQuery((db) => db.selectNoFrom(nextRevisionValue.as('next')));

/** nextRevisionValue, read: for a write that numbers several alerts, or needs the number first. */
export async function nextRevision(db: Db): Promise<number> {
  const [row] = (await nextRevisionRow.execute(db, {})).rows;
  return Number(row?.next ?? 1);
}
