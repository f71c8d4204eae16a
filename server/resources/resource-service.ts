import { Readable } from 'node:stream';
import type { PlatformContext } from '../operations/platform-context';
import type { Db } from '../db/open-database';
import { exclusiveTransaction } from '../db/exclusive-transaction';
import type { Database } from '../db/schema';
import { fileReferenceProblems } from '../files/file-store';
import { ApiError, badInput, type FieldProblem } from '../kernel/api-error';
import type { Lang } from '../kernel/locale';
import { defaultTimeZone } from '../kernel/time-zone';
import type { ListShape } from '../../contract/list-facts';
import { csvRecord, utf8Bom } from './csv';
import { exportColumns, type Reader } from './export-columns';
import type { BoundResource, StoredColumn } from './bound-resource';
import type {
  Columns,
  CreatedColumns,
  Item,
  ItemChange,
  ReferenceRule,
  Row,
  WriteScope,
} from './resource-definition';
import { linkedValues, linksOf, missingLinkedReferences, replaceLinks } from './resource-links';
import {
  columnByIds,
  labelsByIds,
  estimateRows,
  countRowsUpTo,
  deleteRows,
  holdsValues,
  insertRow,
  selectById,
  selectByIds,
  selectInBatches,
  selectPage,
  updateRow,
  type RowSelection,
} from './resource-store';

/** What writes need of the app: its database and clock (the operator CLI has no more). */
export type Store = Pick<PlatformContext, 'db' | 'clock'>;

export interface ItemPage {
  readonly items: Item[];
  readonly total: number;
  readonly totalCapped: boolean;
  readonly page: number;
  readonly pageSize: number;
}

const exportBatchSize = 500;
/** Filters matching under 1/20 of the rows count as few (see selectPage). */
const fewMatchesShare = 20;
/**
 * Lists count at most this many matches and answer "this many or more" beyond. An exact count reads
 * every match on every page (70 ms for a million alerts on PostgreSQL, 500 ms for a wide "contains"
 * filter), while nobody pages through ten thousand rows: they narrow the filters, or export, which
 * takes every match. openapi.yaml's TotalCapped names the figure to clients.
 */
export const listTotalCap = 10_000;

export const notFound = (id: number) =>
  new ApiError('404', { zh: `记录不存在（id ${id}）`, en: `No such record (id ${id})` });

export async function listItems(
  ctx: PlatformContext,
  resource: BoundResource,
  shape: ListShape,
  query: Record<string, unknown>,
  reader: Reader = { lang: 'zh', timeZone: defaultTimeZone },
): Promise<ItemPage> {
  const { lang } = reader;
  const selection = selectionOf(resource, shape, query, reader, ctx.clock.now());
  const page = typeof query.page === 'number' ? query.page : shape.defaultPage;
  const pageSize = typeof query.pageSize === 'number' ? query.pageSize : shape.defaultPageSize;
  const { total, totalCapped } = await cappedTotal(ctx.db, selection);
  // A capped total is "many": only an exact one can be a small share of the table.
  const fewMatches =
    selection.filters.length + selection.conditions.length > 0 &&
    !totalCapped &&
    total * fewMatchesShare < (await estimateRows(ctx.db, selection.table));
  const rows = await selectPage(ctx.db, selection, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
    fewMatches,
  });
  const items = await toItems(ctx.db, resource, rows, lang, 'listed');
  return { items, total, totalCapped, page, pageSize };
}

/** The selection's total up to `cap`; `totalCapped` says more match (the total is then `cap`). */
export async function cappedTotal(
  db: Db,
  selection: RowSelection,
  cap = listTotalCap,
): Promise<{ total: number; totalCapped: boolean }> {
  const counted = await countRowsUpTo(db, selection, cap + 1);
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

export async function getItem(
  db: Db,
  resource: BoundResource,
  id: number,
  lang: Lang = 'zh',
  view: View = 'whole',
): Promise<Item> {
  const row = await selectById(db, resource.table, id);
  if (!row) throw notFound(id);
  return (await itemsOfRows(db, resource, [row], lang, view))(row);
}

/** A row its caller just wrote, as get answers it, without reading it again. */
export async function itemOfRow(db: Db, resource: BoundResource, row: Row, lang: Lang = 'zh'): Promise<Item> {
  return (await itemsOfRows(db, resource, [row], lang))(row);
}

/** The items of `ids` that exist, as get answers them, in the order of `ids`. */
export async function getItems(
  db: Db,
  resource: BoundResource,
  ids: readonly number[],
  lang: Lang = 'zh',
): Promise<Item[]> {
  if (ids.length === 0) return [];
  const rows = await selectByIds(db, resource.table, ids);
  const order = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return toItems(db, resource, rows, lang);
}

export async function createItem(
  ctx: Store,
  resource: BoundResource,
  input: Record<string, unknown>,
  actorId: number | null = null,
): Promise<{ item: Item; answer: unknown }> {
  const now = ctx.clock.now().toISOString();
  const created = await resource.definition.onCreate?.(input);
  const item = await ctx.db.transaction().execute(async (trx) => {
    const written = await insertChecked({ db: trx, now, actorId }, resource, input, created?.columns);
    if (typeof written !== 'number') throw badInput(written);
    return getItem(trx, resource, written);
  });
  return { item, answer: created ? created.answer(item) : item };
}

/** Rows of a file to create, each with the line it starts on; `input` as a create body holds it. */
export interface ImportedRow {
  readonly line: number;
  readonly input: Record<string, unknown>;
}

/** Each refused row's problems, by its line; `imported` is 0 when any row is refused or nothing is committed. */
export interface ImportOutcome {
  readonly imported: number;
  readonly refused: ReadonlyMap<number, readonly FieldProblem[]>;
}

/**
 * Creates every row in one transaction, each checked as createItem checks its input against the
 * table and the rows before it, or none: when any row is refused, or `commit` is false (a dry run,
 * rows refused before), the transaction is rolled back. Imports run one at a time (an exclusive transaction), so two of the same codes
 * at once cannot both pass their checks: the second sees the first's rows.
 */
export async function importItems(
  ctx: Store,
  resource: BoundResource,
  rows: readonly ImportedRow[],
  { commit, actorId }: { readonly commit: boolean; readonly actorId: number | null },
): Promise<ImportOutcome> {
  if (resource.definition.onCreate) {
    // What onCreate answers once (a generated secret) would be lost for every row.
    throw new Error(`resource ${resource.definition.schema}: onCreate answers cannot be imported`);
  }
  const now = ctx.clock.now().toISOString();
  const table = resource.table as keyof Database;
  try {
    return await exclusiveTransaction(ctx.db, [table], async (trx) => {
      const refused = new Map<number, readonly FieldProblem[]>();
      for (const { line, input } of rows) {
        const written = await insertChecked({ db: trx, now, actorId }, resource, input);
        if (typeof written !== 'number') refused.set(line, written);
      }
      if (refused.size > 0 || !commit) throw new RolledBack({ imported: 0, refused });
      return { imported: rows.length, refused };
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    throw error;
  }
}

/** Thrown to roll an import's transaction back, carrying what it found. */
class RolledBack extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super('import rolled back');
  }
}

/**
 * Inserts one item in the scope's transaction once the checks of a write pass (see refuseBadWrites);
 * answers its id, or the problems that refuse it, having written nothing.
 */
async function insertChecked(
  scope: WriteScope,
  resource: BoundResource,
  input: Record<string, unknown>,
  createdColumns: Columns = {},
): Promise<number | readonly FieldProblem[]> {
  const { definition } = resource;
  const change: ItemChange = { id: null, before: null, input };
  const problems = await badWriteProblems(scope, resource, change);
  if (problems.length > 0) return problems;
  const values: Columns = {
    ...inputColumns(resource, input),
    ...timestampColumns(resource, scope.now, scope.now),
    ...createdColumns,
  };
  const id = await insertRow(scope.db, resource.table, values);
  await replaceLinks(scope.db, linksOf(definition), id, input);
  // Read back only for a rule that needs the item: an import of thousands of rows reads none.
  if (definition.afterWrite) {
    await definition.afterWrite(scope, { ...change, item: await getItem(scope.db, resource, id) });
  }
  return id;
}

/**
 * Creates the items in one transaction, all or none: each input is checked as createItem checks it
 * (seeing the ones before it), and when any is refused nothing is written and one 400 names every
 * refused input's fields through `fieldOf` (`devices.2.code`). Answers the items in input order.
 */
export async function createItems(
  ctx: Store,
  resource: BoundResource,
  inputs: readonly Record<string, unknown>[],
  fieldOf: (index: number, field: string) => string,
  actorId: number | null = null,
): Promise<Item[]> {
  const now = ctx.clock.now().toISOString();
  const created: (CreatedColumns | undefined)[] = [];
  for (const input of inputs) created.push(await resource.definition.onCreate?.(input));
  return ctx.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    const problems: FieldProblem[] = [];
    for (const [index, input] of inputs.entries()) {
      const written = await insertChecked(
        { db: trx, now, actorId },
        resource,
        input,
        created[index]?.columns,
      );
      if (typeof written === 'number') ids.push(written);
      else for (const problem of written) problems.push({ ...problem, field: fieldOf(index, problem.field) });
    }
    // Checks only read: the transaction is still good, and throwing rolls back what was inserted.
    if (problems.length > 0) throw badInput(problems);
    const items: Item[] = [];
    for (const id of ids) items.push(await getItem(trx, resource, id));
    return items;
  });
}

/**
 * Replaces the input fields of an item; answers it and the item before, as get shows them, and the
 * names of the fields whose stored value changed (a new password behind the same mask counts).
 */
export async function updateItem(
  ctx: Store,
  resource: BoundResource,
  id: number,
  input: Record<string, unknown>,
  actorId: number | null = null,
): Promise<{ item: Item; before: Item; changed: string[] }> {
  const { definition } = resource;
  const now = ctx.clock.now().toISOString();
  const values: Columns = {
    ...inputColumns(resource, input),
    ...timestampColumns(resource, null, now),
  };
  return ctx.db.transaction().execute(async (trx) => {
    const scope: WriteScope = { db: trx, now, actorId };
    const before = await getItem(trx, resource, id, 'zh', 'stored');
    const change: ItemChange = { id, before, input };
    await refuseBadWrites(scope, resource, change);
    await updateRow(trx, resource.table, id, values);
    await replaceLinks(trx, linksOf(definition), id, input);
    const item = await getItem(trx, resource, id, 'zh', 'stored');
    await definition.afterWrite?.(scope, { ...change, item });
    // Arrays (linked fields) compare by their values.
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const changed = resource.inputFields.filter((field) => !same(before[field], item[field]));
    return { item: shownItem(resource, item), before: shownItem(resource, before), changed };
  });
}

/** Deletes the items in one transaction; answers the items deleted (ids that no longer exist are skipped). */
export async function deleteItems(
  ctx: Store,
  resource: BoundResource,
  ids: readonly number[],
  scope: { readonly actorId: number | null; readonly field: string } = { actorId: null, field: 'ids' },
): Promise<Item[]> {
  const { definition } = resource;
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await selectByIds(trx, resource.table, ids);
    const found = rows.map((row) => row.id);
    const now = ctx.clock.now().toISOString();
    await definition.beforeDelete?.(trx, found, { db: trx, now, ...scope });
    await deleteRows(trx, resource.table, found);
    return rows.map((row) => itemOf(resource, row, {}, 'zh', 'whole'));
  });
}

/**
 * The selected items as a CSV stream for the reader: BOM, a header of the fields' labels, then the
 * rows in batches, each value as the screens show it (see export-columns).
 */
export function exportCsv(
  ctx: PlatformContext,
  resource: BoundResource,
  shape: ListShape,
  query: Record<string, unknown>,
  reader: Reader = { lang: 'zh', timeZone: defaultTimeZone },
): Readable {
  const selection = selectionOf(resource, shape, query, reader, ctx.clock.now());
  const columns = exportColumns(resource.definition.schema, resource.itemFields, reader);
  async function* lines(): AsyncGenerator<string> {
    yield utf8Bom + csvRecord(columns.map((column) => column.header));
    for await (const rows of selectInBatches(ctx.db, selection, exportBatchSize)) {
      const items = await toItems(ctx.db, resource, rows, reader.lang, 'listed');
      yield items.map((item) => csvRecord(columns.map((column) => column.cell(item)))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** `#12 边缘盒子-01`: how the operation log names an item. */
export function itemLabel(resource: BoundResource, item: Item): string {
  return `#${String(item.id)} ${String(item[resource.labelField] ?? '')}`.trim();
}

/** Filters and the order address a text kept in both languages in the caller's, the one they read. */
export function selectionOf(
  resource: BoundResource,
  shape: ListShape,
  query: Record<string, unknown>,
  { lang, timeZone }: Reader,
  now: Date,
): RowSelection {
  const { definition } = resource;
  const computed = Object.entries(definition.queryFilters ?? {}).filter(
    ([param]) => query[param] !== undefined && query[param] !== '',
  );
  const sort = typeof query.sort === 'string' ? query.sort : (shape.defaultSort ?? 'id');
  const descending = sort.startsWith('-');
  return {
    table: resource.table,
    filters: shape.filters
      .filter((filter) => query[filter.param] !== undefined && query[filter.param] !== '')
      .map((filter) => {
        const linked = linksOf(definition)[filter.field];
        if (linked) return { column: 'id', mode: filter.mode, value: query[filter.param], linked };
        const stored = storedField(resource, filter.field);
        // Stored times are ISO text in UTC; `2026-11-26T08:00:00+08:00` must compare as `…T00:00:00.000Z`.
        const sent = filter.dateTime ? utcIso(query[filter.param]) : query[filter.param];
        return {
          column: columnIn(stored, lang),
          mode: filter.mode,
          value: stored.toRow ? stored.toRow(sent) : sent,
        };
      }),
    conditions: computed.map(([param, condition]) => condition(query[param], { now, timeZone })),
    order: { column: columnIn(storedField(resource, descending ? sort.slice(1) : sort), lang), descending },
  };
}

/** A validated date-time as the stored ISO text in UTC; left as sent if Date cannot read it (a leap second). */
export function utcIso(value: unknown): unknown {
  const time = Date.parse(String(value));
  return Number.isFinite(time) ? new Date(time).toISOString() : value;
}

function storedField(resource: BoundResource, field: string): StoredColumn {
  const stored = resource.stored[field];
  // The contract may only filter and sort by stored fields; this is a mistake in openapi.yaml or the definition.
  if (!stored)
    throw new Error(
      `resource ${resource.definition.schema}: ${field} is filtered or sorted but has no column`,
    );
  return stored;
}

/**
 * `whole`: an item's own answer; `listed`: a list or export row, with `listed` fields masked too;
 * `stored`: the values as stored, for the server's own comparisons (never answered).
 */
type View = 'stored' | 'whole' | 'listed';

async function toItems(
  db: Db,
  resource: BoundResource,
  rows: readonly Row[],
  lang: Lang,
  view: View = 'whole',
): Promise<Item[]> {
  return rows.map(await itemsOfRows(db, resource, rows, lang, view));
}

/** The item of each of the rows: what they need beyond their columns is read for all of them at once. */
async function itemsOfRows(
  db: Db,
  resource: BoundResource,
  rows: readonly Row[],
  lang: Lang,
  view: View = 'whole',
): Promise<(row: Row) => Item> {
  const ids = rows.map((row) => row.id);
  const computed = await resource.definition.computed?.load(db, ids);
  const labels = await referenceLabels(db, resource, rows);
  const linked = await linkedValues(db, linksOf(resource.definition), ids, resource.linkOrders);
  return (row) => {
    const extra = { ...computed?.get(row.id), ...labels(row), ...linked.get(row.id) };
    return itemOf(resource, row, extra, lang, view);
  };
}

/** For each row, the label of every row it references: one query per reference for all the rows. */
async function referenceLabels(
  db: Db,
  resource: BoundResource,
  rows: readonly Row[],
): Promise<(row: Row) => Item> {
  const references = Object.entries(resource.definition.references ?? {});
  const looked = await Promise.all(
    references.map(async ([field, rule]) => {
      const column = storedField(resource, field).column;
      const ids = [
        ...new Set(rows.map((row) => row[column]).filter((id): id is number => typeof id === 'number')),
      ];
      return { column, rule, labels: await labelsByIds(db, rule, ids) };
    }),
  );
  return (row) =>
    Object.fromEntries(
      looked.map(({ column, rule, labels }) => {
        const id = row[column];
        return [rule.label, typeof id === 'number' ? (labels.get(id) ?? null) : null];
      }),
    );
}

function columnIn(stored: StoredColumn, lang: Lang): string {
  return stored.byLang ? stored.byLang[lang] : stored.column;
}

function itemOf(resource: BoundResource, row: Row, computed: Item, lang: Lang, view: View): Item {
  return Object.fromEntries(
    resource.itemFields.map((field) => {
      const stored = resource.stored[field];
      if (!stored) return [field, computed[field] ?? null];
      const raw = row[columnIn(stored, lang)];
      const value = stored.fromRow ? stored.fromRow(raw) : raw;
      if (view === 'stored') return [field, value];
      const shown = stored.shown ? stored.shown(value) : value;
      return [field, view === 'listed' && stored.listed ? stored.listed(shown) : shown];
    }),
  );
}

/** A `stored` view item as `whole` answers it. */
function shownItem(resource: BoundResource, item: Item): Item {
  return Object.fromEntries(
    Object.entries(item).map(([field, value]) => {
      const shown = resource.stored[field]?.shown;
      return [field, shown ? shown(value) : value];
    }),
  );
}

function inputColumns(resource: BoundResource, input: Record<string, unknown>): Columns {
  return Object.fromEntries(
    resource.written.map((stored) => {
      const value = input[stored.field] === undefined ? (stored.whenAbsent ?? null) : input[stored.field];
      return [stored.column, stored.toRow ? stored.toRow(value) : value];
    }),
  );
}

function timestampColumns(resource: BoundResource, createdAt: string | null, updatedAt: string): Columns {
  const { createdAt: created, updatedAt: updated } = resource.stored;
  const columns: Columns = {};
  if (created && createdAt !== null) columns[created.column] = createdAt;
  if (updated) columns[updated.column] = updatedAt;
  return columns;
}

/**
 * Values the schema cannot judge: a unique value already taken, a referenced row or file that does
 * not exist, and the definition's own rules, all in one 400.
 */
async function refuseBadWrites(
  scope: WriteScope,
  resource: BoundResource,
  change: ItemChange,
): Promise<void> {
  const problems = await badWriteProblems(scope, resource, change);
  if (problems.length > 0) throw badInput(problems);
}

async function badWriteProblems(
  scope: WriteScope,
  resource: BoundResource,
  change: ItemChange,
): Promise<FieldProblem[]> {
  const { db } = scope;
  const { input, id: exceptId } = change;
  return [
    ...((await resource.definition.checkWrite?.(scope, change)) ?? []),
    ...(await clashes(db, resource, input, exceptId)),
    ...(await missingReferences(db, resource.definition.references ?? {}, input)),
    ...(await missingLinkedReferences(db, linksOf(resource.definition), input)),
    ...(await fileReferenceProblems(db, resource.fileFields, input)),
  ];
}

/**
 * Problems naming each integer reference field whose input names a row that does not exist, for
 * resources' `references` and for writes outside the generic layer (a camera task's model).
 */
export async function missingReferences(
  db: Db,
  references: Readonly<Record<string, Pick<ReferenceRule, 'table' | 'what'>>>,
  input: Readonly<Record<string, unknown>>,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const [field, rule] of Object.entries(references)) {
    const id = input[field];
    if (typeof id !== 'number') continue;
    const found = await columnByIds(db, rule.table, 'id', [id]);
    if (!found.has(id)) {
      problems.push({
        field,
        message: { zh: `${rule.what.zh}不存在（id ${id}）`, en: `no such ${rule.what.en} (id ${id})` },
      });
    }
  }
  return problems;
}

async function clashes(
  db: Db,
  resource: BoundResource,
  input: Record<string, unknown>,
  exceptId: number | null,
): Promise<FieldProblem[]> {
  const values = inputColumns(resource, input);
  const problems: FieldProblem[] = [];
  for (const group of resource.unique) {
    const taken = await holdsValues(
      db,
      resource.table,
      Object.fromEntries(group.map(({ column }) => [column, values[column]])),
      exceptId,
    );
    if (taken) problems.push(...clashProblems(group.map(({ field }) => field)));
  }
  return problems;
}

function clashProblems(group: readonly string[]): FieldProblem[] {
  return group.map((field) => {
    const others = group.filter((other) => other !== field);
    return {
      field,
      message:
        others.length === 0
          ? { zh: '已存在', en: 'already exists' }
          : {
              zh: `与 ${others.join('、')} 的组合已存在`,
              en: `already exists together with ${others.join(', ')}`,
            },
    };
  });
}
