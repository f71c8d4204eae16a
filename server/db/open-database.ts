import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type SqliteDatabase as DialectDatabase } from 'kysely';
import { createPrivateFile, makePrivateDir } from '../data-folder/private-files';
import { migrationProvider } from './migration-folder';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export const databaseFileName = 'cfop.sqlite';

/** Compiled statements kept: the console's queries are a few hundred shapes; `in` lists add more. */
const cachedStatements = 500;

/**
 * The database as Kysely's dialect sees it, keeping each compiled statement for the next query of
 * the same SQL: Kysely prepares on every query, and compiling costs more than running the small
 * queries an ingest call makes (a dozen per alert). The least recently used go beyond the limit.
 * Safe to share: one connection runs one statement at a time, and SQLite prepares a kept statement
 * again by itself after a schema change.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): DialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept) statements.delete(sql);
      const statement = kept ?? sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > cachedStatements) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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
