import type { DrainOuterGeneric, Kysely } from 'kysely';

/** `DB` with any further table addressable by name, its rows records of columns by name. */
export type WithNamedTables<DB> = DrainOuterGeneric<DB & Record<string, Record<string, unknown>>>;

/**
 * The database with tables also addressed by names known only at run time (a resource's, a link
 * table's): Kysely's own way to add tables its type does not list. A cast of the handle would do the
 * same and leave every typed table unchecked too.
 */
export function withNamedTables<DB>(db: Kysely<DB>): Kysely<WithNamedTables<DB>> {
  return db.withTables<Record<string, Record<string, unknown>>>();
}
