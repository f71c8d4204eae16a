import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';
import { deleteFileRows, unknownPacks } from './file-packs';
import { filesDir, incomingDir } from './file-store';
import { quarantineFiles } from './quarantine';

/**
 * How long an upload waits for the form that names it before it counts as abandoned: an operator
 * may upload a photo and save the form much later, never a day later.
 */
export const unusedFileGraceMs = 24 * 3_600_000;

/** How often the server looks for unused files. */
export const unusedFileSweepMs = 3_600_000;

/**
 * The columns holding file ids (`staff.face_photo_id`, `models.file_id`), read from the database's
 * foreign keys to `files`, so a new kind of file field is covered without being listed here.
 */
async function fileColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const { rows } = await (
    dialectOf(db) === 'postgres'
      ? sql<{ table: string; column: string }>`
          select t.relname as "table", a.attname as "column"
          from pg_constraint k
          join pg_class t on t.oid = k.conrelid
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
          where k.contype = 'f' and k.confrelid = 'files'::regclass`
      : sql<{ table: string; column: string }>`
          select m.name as "table", k."from" as "column"
          from sqlite_master m join pragma_foreign_key_list(m.name) k
          where m.type = 'table' and k."table" = 'files'`
  ).execute(db);
  return rows;
}

/**
 * Before when a file counts as abandoned: `stored`, by the app's clock (a file row's createdAt);
 * `written`, by the file system's (the bytes' modification time).
 */
export interface AbandonedBefore {
  readonly stored: Date;
  readonly written: Date;
}

/** What one sweep did: rows removed, files moved to quarantine (and where), stray files kept. */
export interface SweepOutcome {
  readonly rows: number;
  readonly quarantined: number;
  readonly folder: string;
  readonly strayKept: number;
}

/**
 * Removes stored files no row names any more (a replaced photo, a deleted model's file, an upload
 * whose form was never saved): their rows, then their bytes. Also removes bytes without a row (a
 * crash between the two), unless `keepStrays`, and uploads left half-received. Only what is older
 * than `before` goes, to the quarantine folder of `now`'s day.
 */
export async function removeUnusedFiles(
  db: Db,
  dataDir: string,
  before: AbandonedBefore,
  options: { readonly keepStrays: boolean; readonly now: Date },
): Promise<SweepOutcome> {
  // Before the unused rows go, whose bytes would look unknown too.
  const strays = await writtenBefore(dataDir, await unknownStoredFiles(db, dataDir), before.written);
  const columns = await fileColumns(db);
  const unused = await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('files').select('id').where('created_at', '<', before.stored.toISOString());
    for (const { table, column } of columns) {
      query = query.where(
        sql<boolean>`id not in (select ${sql.ref(column)} from ${sql.table(table)} where ${sql.ref(column)} is not null)`,
      );
    }
    const ids = (await query.execute()).map((row) => row.id);
    return { rows: ids.length, names: await deleteFileRows(trx, ids) };
  });
  const incoming = await writtenBefore(
    dataDir,
    (await entriesOf(incomingDir(dataDir))).map((name) => join('.incoming', name)),
    before.written,
  );
  const { folder, moved } = await quarantineFiles(
    dataDir,
    [...unused.names, ...(options.keepStrays ? [] : strays), ...incoming],
    options.now,
  );
  return {
    rows: unused.rows,
    quarantined: moved,
    folder,
    strayKept: options.keepStrays ? strays.length : 0,
  };
}

/** The stored files and packs (names below DATA_DIR/files) no `files` row knows. */
export async function unknownStoredFiles(db: Db, dataDir: string): Promise<string[]> {
  const known = new Set((await db.selectFrom('files').select('id').execute()).map((row) => String(row.id)));
  return [
    ...(await entriesOf(filesDir(dataDir))).filter((name) => /^\d+$/.test(name) && !known.has(name)),
    ...(await unknownPacks(db, filesDir(dataDir))),
  ];
}

/** The files (below DATA_DIR/files) last written before `before`: one being received or stored now is younger. */
async function writtenBefore(dataDir: string, names: readonly string[], before: Date): Promise<string[]> {
  const old: string[] = [];
  for (const name of names) {
    const info = await stat(join(filesDir(dataDir), name)).catch(() => null);
    if (info?.isFile() && info.mtime < before) old.push(name);
  }
  return old;
}

async function entriesOf(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}
