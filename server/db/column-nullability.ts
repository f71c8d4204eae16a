import { sql } from 'kysely';
import { dialectOf, type AnyDb } from './dialect';
import type { Db } from './open-database';

const knownOf = new WeakMap<AnyDb, Map<string, Promise<boolean>>>();

/**
 * Whether `table.column` may hold null, as the database's catalog says (a column it does not know
 * may), asked once per database and column: the schema only changes by migrations, before any query.
 */
export function columnMayBeNull(db: Db, table: string, column: string): Promise<boolean> {
  let known = knownOf.get(db);
  if (!known) {
    known = new Map();
    knownOf.set(db, known);
  }
  const key = `${table}.${column}`;
  let answer = known.get(key);
  if (!answer) {
    answer = askCatalog(db, table, column);
    known.set(key, answer);
    // A failed look-up is asked again next time rather than remembered.
    answer.catch(() => known.delete(key));
  }
  return answer;
}

async function askCatalog(db: Db, table: string, column: string): Promise<boolean> {
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{
          nullable: boolean;
        }>`select is_nullable = 'YES' as nullable from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(
          db,
        )
      : await sql<{ nullable: boolean }>`select "notnull" = 0 as nullable from pragma_table_info(${table})
          where name = ${column}`.execute(db);
  return rows[0] === undefined || Boolean(rows[0].nullable);
}
