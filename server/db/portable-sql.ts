import { sql, type Expression, type OrderByModifiers, type RawBuilder } from 'kysely';
import { dialectOf, type AnyDb } from './dialect';

/**
 * The few SQL fragments that differ between SQLite and PostgreSQL, one function per concern, so a
 * query names what it means and runs on both.
 */

/** `value` contains `text`, case aside: SQLite's `like` ignores ASCII case, PostgreSQL's `ilike` all. */
export function containsText(db: AnyDb, value: Expression<unknown>, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return dialectOf(db) === 'postgres'
    ? sql<boolean>`${value} ilike ${pattern} escape '\\'`
    : sql<boolean>`${value} like ${pattern} escape '\\'`;
}

/**
 * The column, hidden from SQLite's planner by a unary `+` so it uses another index (the sort's)
 * instead of this column's; PostgreSQL chooses by cost and has no `+` for text.
 */
export function unindexed(db: AnyDb, column: string): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? sql`${sql.ref(column)}` : sql`+${sql.ref(column)}`;
}

/**
 * An ordering where null is the lowest value, as SQLite always orders: PostgreSQL puts nulls last
 * ascending unless told (keyset pages count on one rule).
 */
export function nullsLowest(db: AnyDb, direction: 'asc' | 'desc'): OrderByModifiers {
  if (dialectOf(db) !== 'postgres') return direction;
  return (order) => (direction === 'asc' ? order.asc().nullsFirst() : order.desc().nullsLast());
}

/** Seconds from one timestamp column to another (null when either is). */
export function secondsBetween(db: AnyDb, from: string, to: string): RawBuilder<number | null> {
  return dialectOf(db) === 'postgres'
    ? sql<number | null>`extract(epoch from ${sql.ref(to)} - ${sql.ref(from)})`
    : sql<number | null>`(julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400`;
}

/** An ISO timestamp as a value where no column gives it a type (a `values` list): timestamptz on PostgreSQL. */
export function timestampValue(db: AnyDb, iso: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres' ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`;
}
