import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect';

/** A column as the database's catalog declares it. */
export interface CatalogColumn {
  /** The declared type: SQLite's as written (lower case), PostgreSQL's `data_type` (`timestamp with time zone`). */
  readonly type: string;
  readonly nullable: boolean;
}

/** Every column of the database's own tables, keyed `table.column`. */
export type ColumnCatalog = ReadonlyMap<string, CatalogColumn>;

export const columnKey = (table: string, column: string) => `${table}.${column}`;

interface CatalogRow {
  readonly table_name: string;
  readonly column_name: string;
  readonly type: string;
  readonly nullable: number | boolean;
  /** SQLite: the column's place in the primary key, 0 outside it. */
  readonly pk?: number;
}

/**
 * The columns of every table, as the catalog says: PostgreSQL's `information_schema.columns` of the
 * current schema, SQLite's `pragma_table_info` of each table. On SQLite a table's sole `integer`
 * primary key is the rowid, which never holds null though the pragma calls it nullable.
 */
export async function readColumnCatalog<DB>(db: Kysely<DB>): Promise<ColumnCatalog> {
  const rows =
    dialectOf(db) === 'postgres'
      ? await sql<CatalogRow>`select table_name, column_name, data_type as type, is_nullable = 'YES' as nullable
          from information_schema.columns where table_schema = current_schema()`.execute(db)
      : await sql<CatalogRow>`select m.name as table_name, p.name as column_name, lower(p.type) as type,
          p."notnull" = 0 as nullable, p.pk as pk
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db);
  const keyColumns = new Map<string, number>();
  for (const row of rows.rows) {
    if ((row.pk ?? 0) > 0) keyColumns.set(row.table_name, (keyColumns.get(row.table_name) ?? 0) + 1);
  }
  const isRowid = (row: CatalogRow) =>
    row.pk === 1 && row.type === 'integer' && keyColumns.get(row.table_name) === 1;
  return new Map(
    rows.rows.map((row) => [
      columnKey(row.table_name, row.column_name),
      { type: row.type, nullable: Boolean(row.nullable) && !isRowid(row) },
    ]),
  );
}
