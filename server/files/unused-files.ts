import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/open-database';
import { filesDir, incomingDir, storedPath } from './file-store';

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
  const { rows } = await sql<{ table: string; column: string }>`
    select m.name as "table", k."from" as "column"
    from sqlite_master m join pragma_foreign_key_list(m.name) k
    where m.type = 'table' and k."table" = 'files'`.execute(db);
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

/**
 * Removes stored files no row names any more (a replaced photo, a deleted model's file, an upload
 * whose form was never saved): their rows, then their bytes. Also removes bytes without a row (a
 * crash between the two) and uploads left half-received. Only what is older than `before` goes.
 * Answers how many stored files went.
 */
export async function removeUnusedFiles(db: Db, dataDir: string, before: AbandonedBefore): Promise<number> {
  const columns = await fileColumns(db);
  const unused = await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('files').select('id').where('created_at', '<', before.stored.toISOString());
    for (const { table, column } of columns) {
      query = query.where(
        sql<boolean>`id not in (select ${sql.ref(column)} from ${sql.table(table)} where ${sql.ref(column)} is not null)`,
      );
    }
    const ids = (await query.execute()).map((row) => row.id);
    if (ids.length > 0) await trx.deleteFrom('files').where('id', 'in', ids).execute();
    return ids;
  });
  await Promise.all(unused.map((id) => rm(storedPath(dataDir, id), { force: true })));
  await removeStrayBytes(db, dataDir, before.written);
  return unused.length;
}

async function removeStrayBytes(db: Db, dataDir: string, before: Date): Promise<void> {
  const known = new Set((await db.selectFrom('files').select('id').execute()).map((row) => String(row.id)));
  const stored = (await entriesOf(filesDir(dataDir))).filter(
    (name) => /^\d+$/.test(name) && !known.has(name),
  );
  const incoming = (await entriesOf(incomingDir(dataDir))).map((name) => join('.incoming', name));
  for (const name of [...stored, ...incoming]) {
    const path = join(filesDir(dataDir), name);
    // A file being received or stored right now is younger than `before`.
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtime < before) await rm(path, { force: true });
  }
}

async function entriesOf(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}
