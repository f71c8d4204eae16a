import type { DrainOuterGeneric, Generated, Kysely } from 'kysely';

/** `DB` with any further table addressable by name, its rows records of columns by name. */
export type WithNamedTables<DB, Columns = Record<string, unknown>> = DrainOuterGeneric<
  DB & Record<string, Columns>
>;

/**
 * The database with tables also addressed by names known only at run time (a resource's, a link
 * table's): Kysely's own way to add tables its type does not list. A cast of the handle would do the
 * same and leave every typed table unchecked too.
 */
export function withNamedTables<DB>(db: Kysely<DB>): Kysely<WithNamedTables<DB>> {
  return db.withTables<Record<string, Record<string, unknown>>>();
}

/** A table keyed by the integer column `id`, its other columns known by name only (a resource's). */
export type KeyedColumns = { id: Generated<number> } & Record<string, unknown>;

/** As withNamedTables, for tables keyed by `id`: their ids are typed, in conditions and answers. */
export function withKeyedTables<DB>(db: Kysely<DB>): Kysely<WithNamedTables<DB, KeyedColumns>> {
  return db.withTables<Record<string, KeyedColumns>>();
}
