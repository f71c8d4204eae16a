import { sql } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';
import type { FileStorage, StoredObject } from '../storage/file-storage';
import { deleteFileRows, unknownPacks } from './file-packs';
import { filesPrefix, incomingPrefix } from './file-keys';
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
  storage: FileStorage,
  before: AbandonedBefore,
  options: { readonly keepStrays: boolean; readonly now: Date },
): Promise<SweepOutcome> {
  // Before the unused rows go, whose bytes would look unknown too.
  const strays = await writtenBefore(storage, await unknownStoredFiles(db, storage), before.written);
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
  const incoming = namesOf(
    (await storage.list(incomingPrefix, { shallow: true })).filter(
      (object) => object.modifiedAt < before.written,
    ),
  );
  const { folder, moved } = await quarantineFiles(
    storage,
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

/** The stored files and packs (names below files/) no `files` row knows. */
export async function unknownStoredFiles(db: Db, storage: FileStorage): Promise<string[]> {
  const known = new Set((await db.selectFrom('files').select('id').execute()).map((row) => String(row.id)));
  const loose = namesOf(await storage.list(filesPrefix, { shallow: true })).filter((name) =>
    /^\d+$/.test(name),
  );
  return [...loose.filter((name) => !known.has(name)), ...(await unknownPacks(db, storage))];
}

const namesOf = (objects: readonly StoredObject[]) =>
  objects.map((object) => object.key.slice(filesPrefix.length));

/** The files (names below files/) last written before `before`: one being received or stored now is younger. */
async function writtenBefore(
  storage: FileStorage,
  names: readonly string[],
  before: Date,
): Promise<string[]> {
  const old: string[] = [];
  for (const name of names) {
    const stored = await storage.stat(filesPrefix + name);
    if (stored && stored.modifiedAt < before) old.push(name);
  }
  return old;
}
