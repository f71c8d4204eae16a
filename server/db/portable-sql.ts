import { sql, type Expression, type OrderByModifiers, type RawBuilder } from 'kysely';
import { dialectOf, type AnyDb } from './dialect';

/**
 * The few SQL fragments that differ between SQLite and PostgreSQL, one function per concern, so a
 * query names what it means and runs on both.
 */

/** pg_trgm's and SQLite's FTS5 trigrams: a shorter search text has none an index could look up. */
export const trigramLength = 3;

/** The `like` pattern of "contains `text`", its own `%`, `_` and `\` escaped (`escape '\'`). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether `text` has no letter with a case (digits, dots, Chinese): `ilike` would then match as `like`. */
const caseless = (text: string) => [...text].every((c) => c.toLowerCase() === c.toUpperCase());

/**
 * `value` contains `text`, case aside: SQLite's `like` ignores ASCII case, PostgreSQL's `ilike` all,
 * which a trigram index (0027) answers. A text without cased letters (an IP, a number, Chinese) is
 * searched with PostgreSQL's `like`, which matches the same rows at half the cost per row: `ilike`
 * lowers every value first (47 against 26 ms to find 10,001 of 100,000 AI servers' IPs holding
 * "10.1."). For a text shorter than a trigram the index holds nothing to
 * look up and would hand every row to be checked again, slower than a plain scan, which the planner
 * does not foresee: `value || ''` keeps that search off the index. Not in a query that walks the
 * sort's index for a page of many matches (`walksSortIndex`): the expression would hide the column's
 * statistics, from which PostgreSQL sees that the matches are many and a page's walk short; guessing
 * them rare, it read and sorted a million alerts for a page of a label (400 ms instead of 2 ms).
 */
export function containsText(
  db: AnyDb,
  value: Expression<unknown>,
  text: string,
  walksSortIndex = false,
): RawBuilder<boolean> {
  const pattern = containsPattern(text);
  if (dialectOf(db) !== 'postgres') return sql<boolean>`${value} like ${pattern} escape '\\'`;
  const searched = [...text].length < trigramLength && !walksSortIndex ? sql`(${value} || '')` : value;
  const operator = caseless(text) ? sql`like` : sql`ilike`;
  return sql<boolean>`${searched} ${operator} ${pattern} escape '\\'`;
}

/**
 * The column, hidden from SQLite's planner by a unary `+` so it uses another index (the sort's)
 * instead of this column's; PostgreSQL chooses by cost and has no `+` for text.
 */
export function unindexed(db: AnyDb, column: string): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? sql`${sql.ref(column)}` : sql`+${sql.ref(column)}`;
}

/**
 * The sort column of a page of few matches, which are found first (a filter's index) and sorted:
 * no database may walk the column's index instead, reading most of the table to fill the page.
 * SQLite's unary `+` hides the index; PostgreSQL's `coalesce(column, column)` (the same value) does,
 * where its planner, guessing a trigram search's matches ten times too many, walked the cameras'
 * `created_at` index past 22,000 rows for a page of the 111 holding "摄像头-777" (27 ms, 1 ms sorted).
 */
export function sortedApart(db: AnyDb, column: string): RawBuilder<unknown> {
  const ref = sql.ref(column);
  return dialectOf(db) === 'postgres' ? sql`coalesce(${ref}, ${ref})` : sql`+${ref}`;
}

/**
 * An ordering where null is the lowest value, as SQLite always orders: PostgreSQL puts nulls last
 * ascending unless told (keyset pages count on one rule). A column that holds no null is left
 * unqualified: PostgreSQL's indexes keep nulls last, so a qualified order could only be met by
 * sorting every row (the alert wall's newest first would sort a million alerts for one page).
 */
export function nullsLowest(db: AnyDb, direction: 'asc' | 'desc', mayBeNull = true): OrderByModifiers {
  if (dialectOf(db) !== 'postgres' || !mayBeNull) return direction;
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
