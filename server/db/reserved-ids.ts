import { sql } from 'kysely';
import { dialectOf } from './dialect';
import type { Db } from './open-database';

/** Tables whose integer key a write may choose before its rows are inserted. */
type KeyedTable = 'alerts' | 'files';

/**
 * `count` keys for new rows of each of `tables`, in one statement, for a write that inserts many
 * rows in one statement and must know which row is which: an insert that skips some (`on conflict
 * do nothing`) answers the rows it wrote in no order either database promises. PostgreSQL draws them
 * from each table's identity sequence (never given twice, also to another console server); SQLite,
 * inside its one writer's transaction, takes those above the highest, as it would itself.
 */
export async function reserveIds<Table extends KeyedTable>(
  db: Db,
  tables: readonly Table[],
  count: number,
): Promise<Record<Table, number[]>> {
  const reserved = Object.fromEntries(tables.map((table) => [table, [] as number[]])) as Record<
    Table,
    number[]
  >;
  if (count === 0 || tables.length === 0) return reserved;
  if (dialectOf(db) === 'postgres') {
    const drawn = sql.join(
      tables.map(
        (table) => sql`nextval(pg_get_serial_sequence(${table}, 'id'))::integer as ${sql.id(table)}`,
      ),
    );
    const { rows } = await sql<Record<Table, number>>`select ${drawn} from generate_series(1, ${count})`.execute(
      db,
    );
    for (const row of rows) for (const table of tables) reserved[table].push(row[table]);
    return reserved;
  }
  const highest = sql.join(
    tables.map((table) => sql`(select coalesce(max(id), 0) from ${sql.table(table)}) as ${sql.id(table)}`),
  );
  const { rows } = await sql<Record<Table, number>>`select ${highest}`.execute(db);
  for (const table of tables) {
    const above = rows[0]?.[table] ?? 0;
    reserved[table] = Array.from({ length: count }, (_, n) => above + 1 + n);
  }
  return reserved;
}
