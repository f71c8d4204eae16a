import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';

const lastRevision = reusedQuery((db) =>
  db.selectFrom('alerts').select((eb) => eb.fn.max('revision').as('last')),
);

/**
 * The revision the next change of an alert takes: one above the highest. Called inside the writing
 * transaction, whose lock (SQLite has one writer) keeps two changes from taking the same number.
 */
export async function nextRevision(db: Db): Promise<number> {
  const [row] = (await lastRevision.execute(db, {})).rows;
  return Number(row?.last ?? 0) + 1;
}
