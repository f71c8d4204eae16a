import { sql, type Expression, type RawBuilder } from 'kysely';
import { dialectOf, type AnyDb } from './dialect';
import { containsText, trigramLength } from './portable-sql';

/**
 * How SQLite finds the rows of a "contains" filter without reading every row, which PostgreSQL's
 * trigram indexes (0027) do for `containsText` itself.
 */

/**
 * The columns each table's FTS5 trigram table covers on SQLite (0030), as the migrations leave them
 * today; contains-search.test.ts compares them with the migrated database. The alerts have none:
 * their label is searched through its own index (`fewValueColumns`).
 */
export const trigramColumns: Readonly<Record<string, readonly string[]>> = {
  ai_servers: ['name', 'serial_number', 'ip', 'location'],
  cameras: ['name', 'code', 'area'],
  users: ['username', 'name', 'phone'],
  operation_logs: ['username', 'action_name_zh', 'action_name_en'],
  staff: ['employee_no', 'name', 'department', 'phone', 'card_no'],
  visitors: ['name', 'phone', 'company', 'plate'],
  vehicles: ['plate'],
  models: ['name', 'version'],
};

/** The trigram table of `table` (SQLite only). */
export const trigramTableOf = (table: string) => `${table}_trigrams`;

/** A search of `trigramSearch`: the FTS5 query, and whether its answer needs no `like` beside it. */
export interface TrigramSearch {
  readonly phrase: string;
  readonly decides: boolean;
}

/**
 * The FTS5 query finding `text` in `column` of `table`'s trigram table (0030): a phrase of its
 * trigrams in a row, that is the text itself, its `%`, `_` and `"` too. Undefined where none answers:
 * PostgreSQL, a column the table does not index, or a text shorter than a trigram. The table ignores
 * case beyond ASCII, SQLite's `like` only ASCII's; so a text with a cased letter beyond ASCII (É) is
 * still checked by `like`, and any other is decided by the table alone, the rows' values unread (a
 * third of the time of a count over ten thousand matches).
 */
export function trigramSearch(
  db: AnyDb,
  table: string,
  column: string,
  text: string,
): TrigramSearch | undefined {
  const characters = [...text];
  if (dialectOf(db) !== 'sqlite' || characters.length < trigramLength) return undefined;
  if (!trigramColumns[table]?.includes(column)) return undefined;
  const casedBeyondAscii = characters.some((c) => c > '\x7f' && c.toLowerCase() !== c.toUpperCase());
  return { phrase: `${column} : "${text.replaceAll('"', '""')}"`, decides: !casedBeyondAscii };
}

/** The name under which `trigramMatches` answers each matching row's id. */
export const trigramRowId = 'trigram_row_id';

/**
 * The ids of `table`'s rows matching every phrase, to join the rows on. A join, not `id in (…)`:
 * SQLite then reads the matches only as far as the query needs (a count that stops at its cap), or
 * starts from another filter's index when that one keeps fewer rows.
 */
export function trigramMatches(table: string, phrases: readonly string[]): RawBuilder<unknown> {
  const trigrams = sql.table(trigramTableOf(table));
  return sql`(select rowid as ${sql.id(trigramRowId)} from ${trigrams} where ${trigrams} match ${phrases.join(' AND ')})`;
}

/**
 * Columns holding few distinct values over many rows, each leading an index: the alerts' label
 * (alerts_label_occurred_at, SQLite's since 0027, PostgreSQL's since 0032; a few dozen labels over
 * a million alerts) and the cameras' area (cameras_area_status, 0033: a site's buildings and zones).
 */
const fewValueColumns: Readonly<Record<string, readonly string[]>> = {
  alerts: ['label'],
  cameras: ['area'],
};

/**
 * `value` (the expression of `column` of `table`) contains `text`. For a column of few values, the
 * values containing it are found first, one seek in the column's index per distinct value, and the
 * rows are those holding one of them: the index seeks them, or checks them cheaply where another
 * index orders the page. Elsewhere `containsText` (`walksSortIndex` as there).
 */
export function columnContains(
  db: AnyDb,
  target: { readonly table: string; readonly column: string },
  value: Expression<unknown>,
  text: string,
  walksSortIndex = false,
): RawBuilder<boolean> {
  const { table, column } = target;
  if (!fewValueColumns[table]?.includes(column)) return containsText(db, value, text, walksSortIndex);
  const from = sql.table(table);
  const held = sql.ref(column);
  return sql<boolean>`${value} in (with recursive present(held) as (
    select min(${held}) from ${from}
    union all
    select (select min(${held}) from ${from} where ${held} > present.held) from present where present.held is not null
  ) select held from present where ${containsText(db, sql.ref('present.held'), text)})`;
}
