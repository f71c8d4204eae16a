import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type MigrationProvider,
  type SqliteDatabase as DialectDatabase,
} from 'kysely';
import pg from 'pg';
import { DataFolderError } from '../kernel/data-folder-error';
import { createPrivateFile, makePrivateDir } from '../kernel/private-files';
import { recordingOrigins } from './column-origins';
import { migrationProvider } from './migration-folder';
import { databaseAddress } from './database-url';
import { DatabaseUnavailableError } from './database-unavailable';
import { defaultPostgresSettings, postgresClientConfig, type PostgresTarget } from './postgres-settings';
import { consoleTypes } from './postgres-values';
import { withPreparedStatements } from './prepared-statements';
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

/** How to reach PostgreSQL beyond its URL; by default the default settings, named `cfop`. */
export type PostgresOptions = Partial<Omit<PostgresTarget, 'url'>>;

/**
 * Opens the console's database and brings its schema up to date with `migrations` (the folder's;
 * tests add their own): the PostgreSQL database at `databaseUrl` (DATABASE_URL) when given, else
 * DATA_DIR/cfop.sqlite (creating the folder).
 */
export async function openDatabase(
  dataDir: string,
  databaseUrl?: string,
  postgres: PostgresOptions = {},
  migrations: MigrationProvider = migrationProvider,
): Promise<Db> {
  if (databaseUrl === undefined) return openSqlite(dataDir, migrations);
  return openPostgres(
    {
      url: databaseUrl,
      settings: postgres.settings ?? defaultPostgresSettings,
      serverName: postgres.serverName ?? '',
    },
    migrations,
  );
}

/** A new file is readable by its owner only, and so are its -wal and -shm files, which SQLite gives its mode. */
async function openSqlite(dataDir: string, migrations: MigrationProvider): Promise<Db> {
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
    await migrate(db, migrations);
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

/**
 * What the operator fixes in DATABASE_URL or on the database's server: any failure to connect
 * (refused, no answer within the connect time-out, a bad password, a missing database) is one line
 * naming where DATABASE_URL points, never its password.
 */
function explainConnectFailure(url: string, error: unknown): unknown {
  if (!(error instanceof DatabaseUnavailableError)) return error;
  const { cause } = error;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new DataFolderError({
    zh: `无法连接 DATABASE_URL 指定的 PostgreSQL 数据库 ${databaseAddress(url)}：${reason}。请检查地址、用户、密码以及数据库是否已创建`,
    en: `Cannot connect to the PostgreSQL database of DATABASE_URL, ${databaseAddress(url)}: ${reason}. Check the address, the user, the password and that the database exists`,
  });
}

/** The pools of the PostgreSQL databases opened, for their figures (poolUse). */
const pools = new WeakMap<Db, pg.Pool>();

/** A PostgreSQL database's connections (open, idle) and the queries waiting for one; null on SQLite. */
export function poolUse(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** A pool of connections to `target`, through which each statement runs prepared. */
function postgresDb(target: PostgresTarget): Db {
  const pool = new pg.Pool({
    ...postgresClientConfig(target),
    max: target.settings.poolSize,
    types: consoleTypes,
  });
  // A connection dropped while idle (a database restart) is not the app's fault: the pool opens a
  // new one for the next query, and a query on a lost connection fails as the database unavailable.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
  pools.set(db, pool);
  return db;
}

/**
 * Migrations run first, on a connection of their own without a statement time-out: rewriting a big
 * table may take longer than any call should.
 */
async function openPostgres(target: PostgresTarget, migrations: MigrationProvider): Promise<Db> {
  const migrating = postgresDb({
    ...target,
    settings: { ...target.settings, poolSize: 1, statementTimeoutSeconds: 0 },
  });
  try {
    await migrate(migrating, migrations);
  } catch (error) {
    throw explainConnectFailure(target.url, error);
  } finally {
    await migrating.destroy();
  }
  return postgresDb(target);
}

/** Each migration records the columns it declares (column-origins), for the start's check to name it. */
async function migrate(db: Db, migrations: MigrationProvider): Promise<void> {
  const migrator = new Migrator({ db, provider: recordingOrigins(migrations) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
