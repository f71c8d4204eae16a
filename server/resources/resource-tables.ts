import { isObject, schemaAt } from '../../contract/document';
import { columnKey, readColumnCatalog, type CatalogColumn, type ColumnCatalog } from '../db/column-catalog';
import { readColumnOrigins, replayedOrigins, type ColumnOrigin } from '../db/column-origins';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';
import type { LocalText } from '../kernel/locale';
import type { BoundResource } from './bound-resource';
import { columnMismatch, wantedColumn, type WantedColumn } from './column-rules';
import { linksOf } from './resource-links';

/**
 * One line for each column the resources read and write that the database lacks, or whose type or
 * nullability is at odds with the contract (column-rules), each as `table.column … (Schema.field)`;
 * a column at odds names the migration that declared it. The columns: every stored field's (both
 * languages' of a text kept in both) and each link table's owner and value columns.
 */
export async function columnProblems(
  db: Db,
  document: unknown,
  resources: readonly BoundResource[],
): Promise<LocalText[]> {
  const catalog = await readColumnCatalog(db);
  const dialect = dialectOf(db);
  const problems = resources.flatMap((resource) =>
    neededColumns(document, resource).map(({ table, column, field, wanted }) => {
      const actual = catalog.get(columnKey(table, column));
      return {
        key: columnKey(table, column),
        where: `(${resource.definition.schema}.${field})`,
        actual,
        mismatch: actual && wanted && columnMismatch(dialect, wanted, actual),
      };
    }),
  );
  const atOdds = problems.flatMap(({ key, actual, mismatch }) =>
    actual && mismatch ? [{ key, actual }] : [],
  );
  const declared = atOdds.length > 0 ? await declarations(db, catalog, atOdds) : new Map<string, LocalText>();
  return problems.flatMap(({ key, where, actual, mismatch }): LocalText[] => {
    if (!actual) return [{ zh: `${key} 不存在 ${where}`, en: `${key} is missing ${where}` }];
    if (!mismatch) return [];
    const by = declared.get(key) ?? undeclared;
    return [
      { zh: `${key} ${mismatch.zh} ${where}，${by.zh}`, en: `${key} ${mismatch.en} ${where}, ${by.en}` },
    ];
  });
}

/**
 * Which migration gave each column its type and nullability: the runner's record, while the column
 * is as recorded; for a column the record lacks (a database migrated before it was kept), the
 * migrations replayed, while the column is as the replay left it (on PostgreSQL its nullability
 * only: the replay gives SQLite's types).
 */
async function declarations(
  db: Db,
  catalog: ColumnCatalog,
  columns: readonly { key: string; actual: CatalogColumn }[],
): Promise<Map<string, LocalText>> {
  const recorded = await readColumnOrigins(db, catalog);
  const found = new Map<string, LocalText>();
  for (const { key, actual } of columns) {
    const origin = recorded.get(key);
    if (origin && sameDeclaration(origin, actual)) found.set(key, declaredBy(origin.migration));
  }
  const unrecorded = columns.filter(({ key }) => !recorded.has(key));
  if (unrecorded.length === 0) return found;
  const replayed = await replayedOrigins(db);
  const asReplayed = (origin: ColumnOrigin, actual: CatalogColumn) =>
    dialectOf(db) === 'sqlite' ? sameDeclaration(origin, actual) : origin.nullable === actual.nullable;
  for (const { key, actual } of unrecorded) {
    const origin = replayed.get(key);
    if (origin && asReplayed(origin, actual)) found.set(key, foundByReplay(origin.migration));
  }
  return found;
}

const declaredBy = (migration: string): LocalText => ({
  zh: `由迁移 ${migration} 写入`,
  en: `written by migration ${migration}`,
});

const foundByReplay = (migration: string): LocalText => ({
  zh: `由迁移 ${migration} 写入（据重放迁移得知）`,
  en: `written by migration ${migration} (found by replaying the migrations)`,
});

const undeclared: LocalText = {
  zh: '没有迁移写入它（此列在迁移之外被改动）',
  en: 'written by no migration (the column was changed outside the migrations)',
};

/** Whether the column is still as the migration left it (not changed by hand since). */
function sameDeclaration(origin: CatalogColumn, actual: CatalogColumn): boolean {
  return origin.type === actual.type && origin.nullable === actual.nullable;
}

interface NeededColumn {
  readonly table: string;
  readonly column: string;
  readonly field: string;
  /** null for a stored field the item schema does not describe (kept for a rule): only its presence is checked. */
  readonly wanted: WantedColumn | null;
}

const itemId: WantedColumn = { kind: 'integer', nullable: false };

function neededColumns(document: unknown, resource: BoundResource): NeededColumn[] {
  const { table } = resource;
  const properties = schemaAt(document, resource.definition.schema).properties;
  const propertyOf = (field: string) => (isObject(properties) ? properties[field] : undefined);
  const stored = Object.entries(resource.stored).flatMap(([field, { column, byLang }]) => {
    const property = propertyOf(field);
    const wanted = isObject(property) ? wantedColumn(document, property) : null;
    return [...new Set([column, ...Object.values(byLang ?? {})])].map((name) => ({
      table,
      column: name,
      field,
      wanted,
    }));
  });
  const linked = Object.entries(linksOf(resource.definition)).flatMap(([field, link]) => {
    const property = propertyOf(field);
    const items = isObject(property) ? schemaAt(document, property).items : undefined;
    return [
      { table: link.table, column: link.ownerColumn, field, wanted: itemId },
      {
        table: link.table,
        column: link.valueColumn,
        field,
        wanted: isObject(items) ? wantedColumn(document, items) : null,
      },
    ];
  });
  return [...stored, ...linked];
}
