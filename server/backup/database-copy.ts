import { copyFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { DataFolderError } from '../kernel/data-folder-error';
import { createPrivateFile } from '../kernel/private-files';
import { explainingStoreFailures } from '../data-folder/store-failures';
import { databaseFileName } from '../db/open-database';
import { runPostgresProgram } from './postgres-tools';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The database copy's name in a backup folder. */
export const databaseCopyName = (kind: DatabaseKind) =>
  kind === 'sqlite' ? databaseFileName : 'cfop.pgdump';

/** What the database snapshot holds that the rest of the backup follows: the objects its rows name. */
export interface SnapshotContents {
  readonly instanceId: string;
  /** The last migration the snapshot's schema has. */
  readonly migration: string;
  readonly alerts: number;
  /** Every `files` row: loose (`pack` null, stored as files/<id>) or inside files/packs/<pack>. */
  readonly files: readonly { id: number; pack: string | null; size: number }[];
  /** Every recorded segment's key below recordings/. */
  readonly segments: readonly string[];
}

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Reads the snapshot's contents through `query`, which sees the snapshot and nothing later. */
async function readContents(query: Query): Promise<SnapshotContents> {
  const [instance] = await query('select id from instance');
  const [migration] = await query('select name from kysely_migration order by name desc limit 1');
  const [alerts] = await query('select count(*) as n from alerts');
  const files = await query('select id, pack, size from files order by id');
  const segments = await query('select store_key from recording_segments order by id');
  if (!instance || !migration) {
    throw new DataFolderError({
      zh: '数据库尚未初始化（没有实例标识）：请先启动一次服务器',
      en: 'The database has not been set up yet (it has no instance id): start the server once first',
    });
  }
  return {
    instanceId: String(instance.id),
    migration: String(migration.name),
    alerts: Number(alerts?.n ?? 0),
    files: files.map((row) => ({
      id: Number(row.id),
      pack: row.pack === null ? null : String(row.pack),
      size: Number(row.size),
    })),
    segments: segments.map((row) => String(row.store_key)),
  };
}

/**
 * Copies DATA_DIR/cfop.sqlite to `target` with VACUUM INTO on a connection of its own: one read
 * transaction, so the copy is the database as one commit left it, while the server goes on writing
 * (a WAL reader holds no lock a writer waits for). The server's data-folder lock is not taken.
 */
export async function snapshotSqlite(dataDir: string, target: string): Promise<SnapshotContents> {
  const source = join(dataDir, databaseFileName);
  if (!existsSync(source)) {
    throw new DataFolderError({
      zh: `没有可备份的数据库：${source} 不存在`,
      en: `There is no database to back up: ${source} does not exist`,
    });
  }
  await explainingStoreFailures(dataDir, () => {
    const sqlite = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
    try {
      sqlite.pragma('busy_timeout = 5000');
      // VACUUM INTO takes an empty file as new, keeping the owner-only mode it was made with.
      createPrivateFile(target);
      sqlite.prepare('vacuum into ?').run(target);
    } finally {
      sqlite.close();
    }
  });
  const copy = new SqliteDatabase(target, { readonly: true, fileMustExist: true });
  try {
    return await readContents(async (sql) => copy.prepare(sql).all() as Record<string, unknown>[]);
  } finally {
    copy.close();
  }
}

/**
 * Dumps DATABASE_URL's database to `target` (pg_dump's custom format) as of a snapshot exported by
 * a transaction of its own, and reads the rows the backup follows in that same snapshot: the dump
 * and the list of files agree to the commit, however busy the servers are meanwhile.
 */
export async function snapshotPostgres(databaseUrl: string, target: string): Promise<SnapshotContents> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const contents = await readContents(async (sql) => (await client.query(sql)).rows);
    createPrivateFile(target);
    await runPostgresProgram(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0]?.snapshot}`, `--file=${target}`],
      databaseUrl,
    );
    await client.query('commit');
    return contents;
  } finally {
    await client.end();
  }
}

/** Puts a backup's SQLite copy in place as DATA_DIR/cfop.sqlite, whole or not at all. */
export function restoreSqlite(copy: string, dataDir: string): void {
  const target = join(dataDir, databaseFileName);
  const partial = `${target}.restoring`;
  copyFileSync(copy, partial);
  renameSync(partial, target);
}

/** The tables, views and sequences of a database's own schemas; an empty database has none. */
async function relationCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
         and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup's dump into DATABASE_URL's database, which must be empty, in one transaction
 * (a failure leaves it empty). Objects are owned by DATABASE_URL's user, whoever owned them before.
 */
export async function restorePostgres(dump: string, databaseUrl: string): Promise<void> {
  if ((await relationCount(databaseUrl)) > 0) {
    const { hostname, port, pathname } = new URL(databaseUrl);
    const name = `${hostname}:${port || 5432}${pathname}`;
    throw new DataFolderError({
      zh: `DATABASE_URL 指定的数据库 ${name} 不是空的：只能恢复到新建的空数据库（createdb）`,
      en: `The database of DATABASE_URL, ${name}, is not empty: restore only into a new, empty database (createdb)`,
    });
  }
  await runPostgresProgram(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dump],
    databaseUrl,
  );
}

/**
 * Removes the rows of recorded segments a restore brings no file for (`every`: a backup taken
 * without recordings), so playback lists only segments it can play.
 */
export async function forgetSegments(
  dataDir: string,
  databaseUrl: string | undefined,
  keys: readonly string[] | 'every',
): Promise<void> {
  if (keys !== 'every' && keys.length === 0) return;
  if (databaseUrl === undefined) {
    const sqlite = new SqliteDatabase(join(dataDir, databaseFileName));
    try {
      if (keys === 'every') sqlite.exec('delete from recording_segments');
      else {
        const remove = sqlite.prepare('delete from recording_segments where store_key = ?');
        sqlite.transaction(() => keys.forEach((key) => remove.run(key)))();
      }
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (keys === 'every') await client.query('delete from recording_segments');
    else await client.query('delete from recording_segments where store_key = any($1)', [keys]);
  } finally {
    await client.end();
  }
}
