import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { createPrivateFile, makePrivateDir } from '../data-folder/private-files';
import { migrationProvider } from './migration-folder';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export const databaseFileName = 'cfop.sqlite';

/**
 * Opens DATA_DIR/cfop.sqlite (creating the folder) and brings its schema up to date. A new database
 * is readable by its owner only, and so are its -wal and -shm files, which SQLite gives its mode.
 */
export async function openDatabase(dataDir: string): Promise<Db> {
  makePrivateDir(dataDir);
  const path = join(dataDir, databaseFileName);
  createPrivateFile(path);
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // The operator CLI may write while the server runs; wait for its lock instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrate(db);
    // Refreshes the planner's statistics where they are missing or stale: without them SQLite takes
    // an equality filter on a two-valued column (status) for a selective one and sorts a big share of
    // a table instead of walking the sort column's index.
    sqlite.pragma('optimize = 0x10002');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
