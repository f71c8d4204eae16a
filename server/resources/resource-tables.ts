import type { Db } from '../db/open-database';
import type { BoundResource } from './bound-resource';
import { linksOf } from './resource-links';

/**
 * The columns the resources read and write that the database lacks, each as
 * `table.column (Schema.field)`: every stored field's column (both languages' of a text kept in
 * both) and each link table's owner and value columns.
 */
export async function missingColumns(db: Db, resources: readonly BoundResource[]): Promise<string[]> {
  const tables = await db.introspection.getTables();
  const columnsOf = new Map(tables.map((table) => [table.name, new Set(table.columns.map((c) => c.name))]));
  return resources.flatMap((resource) =>
    neededColumns(resource)
      .filter(({ table, column }) => columnsOf.get(table)?.has(column) !== true)
      .map(({ table, column, field }) => `${table}.${column} (${resource.definition.schema}.${field})`),
  );
}

interface NeededColumn {
  readonly table: string;
  readonly column: string;
  readonly field: string;
}

function neededColumns(resource: BoundResource): NeededColumn[] {
  const { table } = resource;
  const stored = Object.entries(resource.stored).flatMap(([field, { column, byLang }]) =>
    [...new Set([column, ...Object.values(byLang ?? {})])].map((name) => ({ table, column: name, field })),
  );
  const linked = Object.entries(linksOf(resource.definition)).flatMap(([field, link]) =>
    [link.ownerColumn, link.valueColumn].map((column) => ({ table: link.table, column, field })),
  );
  return [...stored, ...linked];
}
