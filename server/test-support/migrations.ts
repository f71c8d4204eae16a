import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { databaseFileName } from '../db/open-database';
import { readMigrations } from '../db/migration-folder';
import { tempDir } from './test-app';

/**
 * A data directory whose database has every migration before `name` and not it, for writing the
 * rows an older version left; `write` gets the raw database. Opening the directory with
 * openDatabase then runs `name` and the rest, as an upgrade would.
 */
export async function dataDirBefore(
  name: string,
  write: (sqlite: SqliteDatabase.Database) => void,
): Promise<string> {
  const migrations = await readMigrations();
  if (!(name in migrations)) throw new Error(`no migration ${name}`);
  const dataDir = tempDir();
  const sqlite = new SqliteDatabase(join(dataDir, databaseFileName));
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < name));
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => earlier },
    }).migrateToLatest();
    if (error) throw error;
    write(sqlite);
  } finally {
    await db.destroy();
  }
  return dataDir;
}
