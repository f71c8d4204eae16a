import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import { columnKey, readColumnCatalog, type CatalogColumn, type ColumnCatalog } from './column-catalog';
import { migrationProvider } from './migration-folder';

/**
 * The migration runner's record of which migration last declared each column (added it, or changed
 * its type or nullability), with the type and nullability it declared: kept beside Kysely's
 * `kysely_migration`, outside the migrations, so a migration stays what it was written as.
 */
const originTable = 'migration_columns';

interface OriginRow {
  table_name: string;
  column_name: string;
  migration: string;
  type: string;
  /** 1 when the migration left the column nullable. */
  nullable: number;
}

type OriginTables = { [originTable]: OriginRow };
type OriginDb = Kysely<OriginTables>;

/**
 * The record's table, which the database's own schema type does not list, added as Kysely adds a
 * table: for a migration's handle, which has no schema type of its own.
 */
const originsIn = (db: Kysely<unknown>): OriginDb => db.withTables<OriginTables>();

/** The migration that last declared a column, and what it declared. */
export interface ColumnOrigin extends CatalogColumn {
  readonly migration: string;
}

/**
 * `provider`'s migrations, each recording after it ran the columns it declared: the catalog read
 * before and after its `up`, in its transaction where the database has them (PostgreSQL).
 */
export function recordingOrigins(provider: MigrationProvider): MigrationProvider {
  return {
    async getMigrations() {
      const migrations = await provider.getMigrations();
      return Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [name, recording(name, migration)]),
      );
    },
  };
}

function recording(name: string, migration: Migration): Migration {
  return {
    ...migration,
    async up(db) {
      const origins = originsIn(db);
      await createOriginTable(origins);
      const before = await readColumnCatalog(db);
      await migration.up(db);
      await recordDeclared(origins, name, before, await readColumnCatalog(db));
    },
  };
}

function createOriginTable(db: OriginDb): Promise<void> {
  return db.schema
    .createTable(originTable)
    .ifNotExists()
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('column_name', 'text', (c) => c.notNull())
    .addColumn('migration', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('nullable', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${originTable}_key`, ['table_name', 'column_name'])
    .execute();
}

async function recordDeclared(
  db: OriginDb,
  migration: string,
  before: ColumnCatalog,
  after: ColumnCatalog,
): Promise<void> {
  const declared = [...after].flatMap(([key, column]) => {
    const earlier = before.get(key);
    const [table_name, column_name] = splitKey(key);
    return table_name !== originTable &&
      (earlier?.type !== column.type || earlier.nullable !== column.nullable)
      ? [{ table_name, column_name, migration, type: column.type, nullable: Number(column.nullable) }]
      : [];
  });
  if (declared.length > 0) {
    await db
      .insertInto(originTable)
      .values(declared)
      .onConflict((conflict) =>
        conflict.columns(['table_name', 'column_name']).doUpdateSet((eb) => ({
          migration: eb.ref('excluded.migration'),
          type: eb.ref('excluded.type'),
          nullable: eb.ref('excluded.nullable'),
        })),
      )
      .execute();
  }
  for (const key of before.keys()) {
    if (after.has(key)) continue;
    const [table, column] = splitKey(key);
    await db
      .deleteFrom(originTable)
      .where('table_name', '=', table)
      .where('column_name', '=', column)
      .execute();
  }
}

/** `table.column` apart; a table's name holds no dot, a column's may. */
function splitKey(key: string): [string, string] {
  const dot = key.indexOf('.');
  return [key.slice(0, dot), key.slice(dot + 1)];
}

/**
 * The recorded origin of each column, keyed `table.column`; none for a database migrated before
 * the record was kept (`catalog` tells whether the record's table exists).
 */
export async function readColumnOrigins<DB>(
  db: Kysely<DB>,
  catalog: ColumnCatalog,
): Promise<ReadonlyMap<string, ColumnOrigin>> {
  if (!catalog.has(columnKey(originTable, 'migration'))) return new Map();
  // Raw, as kysely_migration is read below: a handle of any schema type reads the record.
  const { rows } = await sql<OriginRow>`select * from ${sql.table(originTable)}`.execute(db);
  return new Map(
    rows.map((row) => [
      columnKey(row.table_name, row.column_name),
      { migration: row.migration, type: row.type, nullable: Boolean(row.nullable) },
    ]),
  );
}

/**
 * For a database migrated before the record was kept: the origins its migrations give each column
 * when replayed through the same recorder on an empty SQLite database in memory (the migrations the
 * database ran, as `provider` has them). SQLite's types, on either database: the migrations before
 * the record differ by database only in PostgreSQL's triggers and functions, not in their columns.
 */
export async function replayedOrigins<DB>(
  db: Kysely<DB>,
  provider: MigrationProvider = migrationProvider,
): Promise<ReadonlyMap<string, ColumnOrigin>> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const ran = new Set(rows.map((row) => row.name));
  const migrations = Object.entries(await provider.getMigrations()).filter(([name]) => ran.has(name));
  const scratch = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
  });
  try {
    const { error } = await new Migrator({
      db: scratch,
      provider: recordingOrigins({ getMigrations: async () => Object.fromEntries(migrations) }),
    }).migrateToLatest();
    if (error) throw error;
    return await readColumnOrigins(scratch, await readColumnCatalog(scratch));
  } finally {
    await scratch.destroy();
  }
}
