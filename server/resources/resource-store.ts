import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/open-database';
import { columnMayBeNull } from '../db/column-nullability';
import { withKeyedTables, type KeyedColumns, type WithNamedTables } from '../db/named-tables';
import type { Database } from '../db/schema';
import { columnContains, trigramMatches, trigramRowId, trigramSearch } from '../db/contains-search';
import { containsText, nullsLowest, sortedApart, unindexed } from '../db/portable-sql';
import { reusedQuery, type ReusedQuery } from '../db/reused-query';
import type { FilterMode } from '../../contract/list-facts';
import type { Columns, LinkedField, ReferenceRule, Row } from './resource-definition';

/**
 * The generic layer addresses tables and columns by name; their types live in the definitions. Every
 * resource table is keyed by the integer column `id`, which its type keeps.
 */
type LooseDb = WithNamedTables<Database, KeyedColumns>;
type LooseQuery<Selected = object> = SelectQueryBuilder<LooseDb, string, Selected>;

const loose = (db: Db) => withKeyedTables(db);

/**
 * Every column of the selected rows. Kysely types a whole row of a table named at run time as an
 * index of columns, which swallows the key: its integer `id` (which the start's column check holds to
 * the contract, see resource-tables) is stated here, the one place.
 */
const wholeRows = (query: LooseQuery, table: string): LooseQuery<Row> =>
  query.selectAll(table).$castTo<Row>();

export interface RowFilter {
  readonly column: string;
  readonly mode: FilterMode;
  readonly value: unknown;
  /** Set for a filter on a linked field: rows holding the value in that link table. */
  readonly linked?: LinkedField;
}

/** The requested order; ties are broken by id in the same direction, so every order is total. */
export interface RowOrder {
  readonly column: string;
  readonly descending: boolean;
}

export interface RowSelection {
  readonly table: string;
  readonly filters: readonly RowFilter[];
  /** Conditions beyond the column filters (facts of other tables). */
  readonly conditions: readonly RawBuilder<boolean>[];
  readonly order: RowOrder;
}

/** How many rows the selection holds, counting no further than `limit`: the count stops reading there. */
export async function countRowsUpTo(db: Db, selection: RowSelection, limit: number): Promise<number> {
  const matches = filtered(db, selection)
    .select(sql<number>`1`.as('one'))
    .limit(limit)
    .as('matches');
  const { count } = await loose(db)
    .selectFrom(matches)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * About how many rows the table holds, from the span of its ids: two seeks in the primary key where
 * counting would read every row (a million alerts). Rows deleted from the middle make it high; a
 * retention sweep deletes the oldest, which keeps it close.
 */
export async function estimateRows(db: Db, table: string): Promise<number> {
  // One subquery each: SQLite seeks a lone min() or max() in the index, but scans for both at once.
  const { rows } = await sql<{ lowest: number | null; highest: number | null }>`select
    (select min(id) from ${sql.table(table)}) as lowest, (select max(id) from ${sql.table(table)}) as highest`.execute(
    db,
  );
  const { lowest = null, highest = null } = rows[0] ?? {};
  return lowest === null || highest === null ? 0 : Number(highest) - Number(lowest) + 1;
}

/**
 * One page of the selection, with a hint for SQLite's planner, which cannot tell how many rows a
 * `like '%…%'` keeps. `fewMatches`: the filters keep a small share of the table, so walking the sort
 * column's index would visit most rows to fill a page; the matches are scanned and sorted instead
 * (a unary `+` keeps the index out of the ORDER BY). Otherwise the sort index is walked, and equality
 * filters are kept from steering SQLite to their own index (which would make it sort every match).
 */
export async function selectPage(
  db: Db,
  selection: RowSelection,
  page: { readonly offset: number; readonly limit: number; readonly fewMatches: boolean },
): Promise<Row[]> {
  const matches = filtered(db, selection, !page.fewMatches);
  if (!page.fewMatches && page.offset < deepPageOffset)
    return (await ordered(db, wholeRows(matches, selection.table), selection))
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  const ids = (await ordered(db, matches.select(`${selection.table}.id`), selection, page.fewMatches))
    .limit(page.limit)
    .offset(page.offset);
  const rows = wholeRows(loose(db).selectFrom(selection.table), selection.table).where('id', 'in', ids);
  // The page's rows, found by id, are sorted among themselves: no walk of the sort's index again.
  return (await ordered(db, rows, selection, true)).execute();
}

/**
 * A page whose rows are passed over or sorted in numbers (far down the list, or every match sorted)
 * is found by its ids first, then its rows: an index holding the filters' and the sort's columns (and
 * the id) serves the rows passed over or sorted without reading them from the table, where selecting
 * whole rows reads each. PostgreSQL visited the table for every index entry it passed (88 ms for row
 * 100,000 of a million alerts); SQLite read and sorted the 6,837 whole critical pending alerts for a
 * page of them (65 ms; 7 ms by id). Near the top of a walked index, one query is cheaper.
 */
const deepPageOffset = 1_000;

/**
 * Every selected row in order, a batch at a time: each batch starts after the last row of the one
 * before (keyset paging), so memory stays one batch whatever the table size, no batch rescans the
 * rows before it, and rows added or removed meanwhile never shift others into a repeat or a gap.
 */
export async function* selectInBatches(
  db: Db,
  selection: RowSelection,
  batchSize: number,
): AsyncGenerator<Row[]> {
  const { table, order } = selection;
  // Null sort values are the lowest (as the list orders them), read in a pass of their own by id:
  // each batch's predicate is then one row-value comparison the (column, id) index starts from,
  // where `… or column is null` had each batch read the index from its start.
  const passes: readonly BatchPass[] = !(await columnMayBeNull(db, table, order.column))
    ? ['every']
    : order.descending
      ? ['values', 'nulls']
      : ['nulls', 'values'];
  for (const pass of passes) yield* batchesOf(db, selection, pass, batchSize);
}

/** The rows a keyset pass reads: all of them (a column without nulls), those with a value, or the nulls. */
type BatchPass = 'every' | 'values' | 'nulls';

async function* batchesOf(
  db: Db,
  selection: RowSelection,
  pass: BatchPass,
  batchSize: number,
): AsyncGenerator<Row[]> {
  const { column, descending } = selection.order;
  const direction = descending ? 'desc' : 'asc';
  const beyond = descending ? '<' : '>';
  let last: Row | undefined;
  for (;;) {
    let query = wholeRows(filtered(db, selection, true), selection.table);
    if (pass !== 'every') query = query.where(column, pass === 'nulls' ? 'is' : 'is not', null);
    if (last) {
      const { id } = last;
      const value = last[column];
      query =
        pass === 'nulls'
          ? query.where('id', beyond, id)
          : query.where((eb) => eb(eb.refTuple(column, 'id'), beyond, eb.tuple(value, id)));
    }
    query =
      pass === 'nulls'
        ? query.orderBy('id', direction)
        : query.orderBy(column, direction).orderBy('id', direction);
    const rows = await query.limit(batchSize).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}

const byIdOf = new Map<string, ReusedQuery<{ id: number }, Row>>();

/** The row of `id`: compiled once per table, as every answer to a get or a write reads one. */
export async function selectById(db: Db, table: string, id: number): Promise<Row | undefined> {
  let byId = byIdOf.get(table);
  if (!byId) {
    byId = reusedQuery((db, { id }) => wholeRows(loose(db).selectFrom(table), table).where('id', '=', id));
    byIdOf.set(table, byId);
  }
  return (await byId.execute(db, { id })).rows[0];
}

export async function selectByIds(db: Db, table: string, ids: readonly number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return wholeRows(loose(db).selectFrom(table), table)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** The `column` value of each listed row that exists, by id. */
export async function columnByIds(
  db: Db,
  table: string,
  column: string,
  ids: readonly number[],
): Promise<Map<number, unknown>> {
  if (ids.length === 0) return new Map();
  const rows = await loose(db)
    .selectFrom(table)
    .select('id')
    .select(column)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row[column]]));
}

/** A referenced row's label: its label column, then its qualifier column after a space where one is named. */
function labelOf(rule: ReferenceRule) {
  const label = sql.ref(rule.labelColumn);
  return rule.qualifierColumn === undefined
    ? sql<string>`${label}`
    : sql<string>`${label} || ' ' || ${sql.ref(rule.qualifierColumn)}`;
}

/** The labels of the referenced rows with these ids (ids of no row are left out). */
export async function labelsByIds(
  db: Db,
  rule: ReferenceRule,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await loose(db)
    .selectFrom(rule.table)
    .select(['id', labelOf(rule).as('label')])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** The ids of the referenced rows bearing each of these labels (a label several rows bear lists them all). */
export async function idsByLabels(
  db: Db,
  rule: ReferenceRule,
  labels: readonly string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  if (labels.length === 0) return found;
  const label = labelOf(rule);
  const rows = await loose(db)
    .selectFrom(rule.table)
    .select(['id', label.as('label')])
    .where(label, 'in', [...labels])
    .execute();
  for (const row of rows) {
    const text = String(row.label);
    found.set(text, [...(found.get(text) ?? []), Number(row.id)]);
  }
  return found;
}

/** Referenced rows to pick from, by label: those whose label contains `text`, or those with `ids`. */
export async function pickLabels(
  db: Db,
  rule: ReferenceRule,
  wanted: { readonly text: string; readonly ids: readonly number[] | null; readonly limit: number },
): Promise<{ id: number; label: string }[]> {
  const label = labelOf(rule);
  let query = loose(db)
    .selectFrom(rule.table)
    .select(['id', label.as('label')]);
  if (wanted.text !== '') {
    query = query.where(containsText(db, label, wanted.text));
  }
  if (wanted.ids !== null) query = query.where('id', 'in', [...wanted.ids]);
  const rows = await query.orderBy(label).orderBy('id').limit(wanted.limit).execute();
  return rows.map((row) => ({ id: row.id, label: row.label }));
}

export async function insertRow(db: Db, table: string, values: Columns): Promise<number> {
  const { id } = await loose(db).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateRow(db: Db, table: string, id: number, values: Columns): Promise<boolean> {
  const { numUpdatedRows } = await loose(db)
    .updateTable(table)
    .set(values)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return numUpdatedRows > 0n;
}

export async function deleteRows(db: Db, table: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { numDeletedRows } = await loose(db)
    .deleteFrom(table)
    .where('id', 'in', [...ids])
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}

/** Whether another row than `exceptId` already holds these column values. */
export async function holdsValues(
  db: Db,
  table: string,
  values: Columns,
  exceptId: number | null,
): Promise<boolean> {
  let query = loose(db).selectFrom(table).select('id');
  for (const [column, value] of Object.entries(values)) query = query.where(column, '=', value);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

const comparison = { equals: '=', from: '>=', to: '<=' } as const;

/** `bySortIndex`: equality filters are written so that no index of theirs competes with the sort's. */
function filtered(db: Db, selection: RowSelection, bySortIndex = false): LooseQuery {
  const { table } = selection;
  let query = loose(db).selectFrom(table);
  for (const condition of selection.conditions) query = query.where(condition);
  const phrases: string[] = [];
  for (const filter of selection.filters) {
    if (filter.linked) {
      // The rows holding the value in the link table.
      const { table, ownerColumn, valueColumn } = filter.linked;
      query = query.where(
        sql<boolean>`id in (select ${sql.ref(ownerColumn)} from ${sql.table(table)} where ${sql.ref(valueColumn)} = ${filter.value})`,
      );
      continue;
    }
    // A range bound is left free to use its column's index (usually the sort's own).
    const ranged = filter.mode === 'from' || filter.mode === 'to';
    const column = bySortIndex && !ranged ? unindexed(db, filter.column) : sql.ref(filter.column);
    if (filter.mode !== 'contains') {
      query = query.where(column, comparison[filter.mode], filter.value);
      continue;
    }
    const text = String(filter.value);
    // Walking the sort index for a page of many matches reads a few rows per row shown; the
    // trigram table would hand over every match first.
    const search = bySortIndex ? undefined : trigramSearch(db, table, filter.column, text);
    if (search) phrases.push(search.phrase);
    if (!search?.decides)
      query = query.where(columnContains(db, { table, column: filter.column }, column, text, bySortIndex));
  }
  if (phrases.length === 0) return query;
  return query.innerJoin(trigramMatches(table, phrases).as('trigram_matches'), (join) =>
    join.onRef(`trigram_matches.${trigramRowId}`, '=', `${table}.id`),
  );
}

async function ordered<Selected>(
  db: Db,
  query: LooseQuery<Selected>,
  { table, order }: RowSelection,
  withoutIndex = false,
): Promise<LooseQuery<Selected>> {
  const direction = order.descending ? 'desc' : 'asc';
  const column = withoutIndex ? sortedApart(db, order.column) : sql.ref(order.column);
  const nulls = nullsLowest(db, direction, await columnMayBeNull(db, table, order.column));
  return query.orderBy(column, nulls).orderBy('id', direction);
}
