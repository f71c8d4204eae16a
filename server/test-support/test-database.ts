import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../db/open-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throw-away PostgreSQL server of a run on PostgreSQL (postgres://…:port), else ''. */
    postgresServer: string;
  }
}

/** The database every test database is a copy of: every migration run, nothing else. */
export const postgresTemplate = 'cfop_template';

/** Whether the server suites run on PostgreSQL (CFOP_TEST_DATABASE=postgres) rather than SQLite. */
export const testOnPostgres = process.env.CFOP_TEST_DATABASE === 'postgres';

const databaseUrls = new Map<string, string>();
let admin: pg.Pool | undefined;

/**
 * The PostgreSQL database of a test's data folder on a run on PostgreSQL, created from the template
 * on first ask and dropped by `cleanup`; undefined on SQLite (the database is the folder's file).
 */
export async function testDatabaseUrl(
  dataDir: string,
  cleanup: (undo: () => Promise<void>) => void,
): Promise<string | undefined> {
  if (!testOnPostgres) return undefined;
  const known = databaseUrls.get(dataDir);
  if (known !== undefined) return known;
  const server = inject('postgresServer');
  admin ??= new pg.Pool({ connectionString: `${server}/postgres`, max: 2, allowExitOnIdle: true });
  const pool = admin;
  const name = `cfop_${randomUUID().replaceAll('-', '')}`;
  await pool.query(`create database ${name} template ${postgresTemplate}`);
  const url = `${server}/${name}`;
  databaseUrls.set(dataDir, url);
  cleanup(async () => {
    databaseUrls.delete(dataDir);
    await pool.query(`drop database if exists ${name} with (force)`);
  });
  return url;
}

/** The database a data folder's test already has on PostgreSQL, for the synchronous helpers. */
export function knownTestDatabaseUrl(dataDir: string): string | undefined {
  return databaseUrls.get(dataDir);
}

/** The database of a test app's data folder, opened beside the app (its SQLite file, or its PostgreSQL database). */
export function openTestDatabase(dataDir: string): Promise<Db> {
  return openDatabase(dataDir, knownTestDatabaseUrl(dataDir));
}
