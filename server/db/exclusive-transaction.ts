import { sql, type Transaction } from 'kysely';
import { dialectOf } from './dialect';
import type { Db } from './open-database';
import type { Database } from './schema';

/**
 * A serializable transaction that counts rows of `tables` and writes by what it counted (a limit on
 * guesses, a tally), run one at a time. SQLite runs one writer at a time by itself; PostgreSQL would
 * let concurrent ones all count alike and then fail all but one of them with a serialization
 * error, so there the transaction first takes the tables' write lock and waits its turn.
 */
export function exclusiveTransaction<T>(
  db: Db,
  tables: readonly (keyof Database)[],
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('serializable')
    .execute(async (trx) => {
      if (dialectOf(trx) === 'postgres') {
        await sql`lock table ${sql.join(tables.map((table) => sql.table(table)))} in exclusive mode`.execute(
          trx,
        );
      }
      return work(trx);
    });
}
