import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { dialectOf } from './dialect';

type Column = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * The column types of migrations by database. On SQLite each is exactly what the migrations always
 * wrote (an upgraded SQLite file must keep its meaning); on PostgreSQL the type that suits the
 * values: a timestamp is `timestamptz`, a 0/1 flag `boolean`, JSON text `jsonb`, a real 8 bytes.
 * The pool reads them back as SQLite gives them (postgres-values.ts).
 */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === 'postgres';
  return {
    timestamp: postgres ? 'timestamptz' : 'text',
    flag: postgres ? 'boolean' : 'integer',
    json: postgres ? 'jsonb' : 'text',
    real: postgres ? 'double precision' : 'real',
    /** A size in bytes or an offset into a file: past 2 GB (a model file) on PostgreSQL too. */
    bytes: postgres ? 'bigint' : 'integer',
    /** A flag's default: `false`/`true` where the type is boolean, 0/1 on SQLite. */
    flagValue: (on: boolean) => (postgres ? on : Number(on)),
    /** The integer primary key: SQLite's rowid alias, an identity column on PostgreSQL. */
    identity: ((column) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey()) as Column,
    /** The current time as a timestamp column holds it. */
    now: postgres ? sql<string>`now()` : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    /**
     * The default of a timestamp column added to a table that may hold rows, which the migration then
     * fills: SQLite's was '', no timestamp to PostgreSQL.
     */
    timestampUnset: postgres ? sql`now()` : '',
  } as const;
}
