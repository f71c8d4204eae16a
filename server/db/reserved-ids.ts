import { sql, type RawBuilder } from 'kysely';
import { dialectOf } from './dialect';
import type { Db } from './open-database';

/** Tables whose integer key a write may choose before its rows are inserted. */
type KeyedTable = 'alerts' | 'files';

/**
 * A key for a new row of `table`, as a column of the `row`th row (from 0) of a statement's answer,
 * for a write that inserts many rows in one statement and must know which row is which: an insert
 * that skips some (`on conflict do nothing`) answers the rows it wrote in no order either database
 * promises. PostgreSQL draws each from the table's identity sequence (never given twice, also to
 * another console server); SQLite, inside its one writer's transaction, takes those above the
 * highest, as it would itself, until the rows are inserted.
 */
export function reservedId(db: Db, table: KeyedTable, row: RawBuilder<number>): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))::integer`
    : sql<number>`(select coalesce(max(id), 0) from ${sql.table(table)}) + ${row} + 1`;
}
