import { sql, type Selectable } from 'kysely';
import type { CommitGroup } from '../db/batched-writes';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';
import type { AlertsTable } from '../db/schema';
import { reusedQuery } from '../db/reused-query';

const nextRevisionRow = reusedQuery((db) =>
  db.selectNoFrom(
    sql<number>`coalesce((select max(${sql.ref('revision')}) from ${sql.table('alerts')}), 0) + 1`.as('next'),
  ),
);

/**
 * The revision the next change of an alert takes: one above the highest, read inside the writing
 * transaction, whose lock (SQLite has one writer) keeps two changes from taking the same number.
 * PostgreSQL numbers at commit whatever a statement says (migrations 0028, 0031, 0034).
 */
export async function nextRevision(db: Db): Promise<number> {
  const [row] = (await nextRevisionRow.execute(db, {})).rows;
  return Number(row?.next ?? 1);
}

/**
 * The revisions `count` alerts inserted in one statement write: on SQLite the next ones, in order
 * (its statement would compute `max(revision)` once for all rows); on PostgreSQL a stand-in its
 * trigger replaces, numbering the rows at commit (migration 0031), so nothing is read for them.
 */
export async function insertedRevisions(db: Db, count: number): Promise<number[]> {
  if (dialectOf(db) === 'postgres' || count === 0) return Array.from({ length: count }, () => 0);
  const next = await nextRevision(db);
  return Array.from({ length: count }, (_, n) => next + n);
}

/**
 * The alerts a batched write stored, given their final revisions once the batch committed, for the
 * answers. On PostgreSQL a row written holds a stand-in revision until its transaction commits, and
 * the commit numbers it (migration 0031) under a lock every writer of alerts waits for: read after,
 * the numbers hold that lock for the commit alone, not for the round trips of a read before it.
 * SQLite numbered each row as it was written.
 */
export const numberedAtCommit: CommitGroup<Selectable<AlertsTable>> = {
  async committed(rows, db) {
    if (rows.length === 0 || dialectOf(db) !== 'postgres') return;
    const numbered = await db
      .selectFrom('alerts')
      .select(['id', 'revision'])
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    const revisionOf = new Map(numbered.map((row) => [row.id, row.revision]));
    for (const row of rows) row.revision = revisionOf.get(row.id) ?? row.revision;
  },
};
