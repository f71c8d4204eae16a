import type { DrainOuterGeneric, Kysely } from 'kysely';

/** A row of a table named at run time: its columns by name. */
export type NamedRow = Record<string, unknown>;

/** `DB` with any further table addressable by name, its rows `Row`. */
export type WithNamedTables<DB, Row extends NamedRow = NamedRow> = DrainOuterGeneric<
  DB & Record<string, Row>
>;

/**
 * The database with tables also addressed by names known only at run time (a resource's, a link
 * table's, one the migrator keeps): Kysely's own way to add tables its type does not list. A cast of
 * the handle would do the same and leave every typed table unchecked too.
 */
export function withNamedTables<DB, Row extends NamedRow = NamedRow>(
  db: Kysely<DB>,
): Kysely<WithNamedTables<DB, Row>> {
  return db.withTables<Record<string, Row>>();
}
