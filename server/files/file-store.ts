import { createReadStream, mkdirSync, renameSync, writeFile } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { components } from '../../src/generated/openapi';
import type { AppContext } from '../app-context';
import { privateDirMode, privateFileMode } from '../data-folder/private-files';
import type { CommitGroup } from '../db/batched-writes';
import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';
import type { FilesTable } from '../db/schema';
import { ApiError, type FieldProblem } from '../http/api-error';
import { FileAnswer, type FileAnswerOptions } from '../http/file-answer';
import { packName, type PackPlace } from './file-packs';
import type { ReceivedFile } from './receive-upload';

/** Where stored files live: DATA_DIR/files/<id>, uploads in progress under DATA_DIR/files/.incoming. */
export const filesDir = (dataDir: string) => join(dataDir, 'files');
export const incomingDir = (dataDir: string) => join(filesDir(dataDir), '.incoming');
export const storedPath = (dataDir: string, id: number) => join(filesDir(dataDir), String(id));

const fileNotFound = (id: number) =>
  new ApiError('404', { zh: `文件不存在（id ${id}）`, en: `No such file (id ${id})` });

/** Records a received file as `kind` (its upload's operationId) and moves it to its place. */
export async function storeFile(
  ctx: AppContext,
  received: ReceivedFile,
  kind: string,
  uploadedBy: number | null,
): Promise<components['schemas']['StoredFile']> {
  const createdAt = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertFileRow(trx, received, kind, uploadedBy, createdAt);
    await durableFiles.settle([placeFile(ctx.dataDir, received, id)]);
    const { name, size, sha256, contentType } = received;
    return { id, name, size, sha256, contentType, createdAt };
  });
}

/**
 * The `files` row of a received file: in a pack at `packed` (file-packs.ts), else placeFile then
 * moves it, last in the same transaction.
 */
export async function insertFileRow(
  db: Db,
  received: ReceivedFile,
  kind: string,
  uploadedBy: number | null,
  createdAt: string,
  packed: PackPlace | null = null,
): Promise<number> {
  const [row] = (
    await insertFile.execute(db, {
      kind,
      name: received.name,
      size: received.size,
      content_type: received.contentType,
      sha256: received.sha256,
      uploaded_by: uploadedBy,
      created_at: createdAt,
      pack: packed?.pack ?? null,
      pack_offset: packed?.offset ?? null,
    })
  ).rows;
  if (!row) throw new Error('a files row was inserted without an id');
  return row.id;
}

const insertFile = reusedQuery((db, file: Omit<FilesTable, 'id'>) =>
  db.insertInto('files').values(file).returning('id'),
);

/** A received file at its place, or to be written there, not yet known to be on the disk. */
export interface PlacedFile {
  readonly dir: string;
  /** A file held in memory, written by `durableFiles`; null for one moved there, synced before. */
  readonly write: { readonly path: string; readonly bytes: Buffer } | null;
}

/**
 * Puts a received file at the place of its row `id`, the last step of the row's transaction: moves
 * one received to a temporary file at once, and leaves one held in memory to `durableFiles`, which
 * writes and syncs it before the commit. If either fails, no row names a file that is not there.
 * The move is synchronous, as SQLite's own calls are: the transaction holds the one connection, and
 * a rename (tens of microseconds) sent to the thread pool would keep every other write waiting for a
 * turn of the event loop. The folder is made when missing (a fresh data folder), not checked each time.
 */
export function placeFile(dataDir: string, received: ReceivedFile, id: number): PlacedFile {
  const dir = filesDir(dataDir);
  const path = storedPath(dataDir, id);
  if (!('tempPath' in received)) return { dir, write: { path, bytes: received.bytes } };
  try {
    renameSync(received.tempPath, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true, mode: privateDirMode });
    renameSync(received.tempPath, path);
  }
  return { dir, write: null };
}

/** Writes a whole file and syncs its data before closing it; over a file a failed transaction left. */
const writeSynced = promisify(
  (path: string, bytes: Buffer, done: (error: NodeJS.ErrnoException | null) => void) =>
    writeFile(path, bytes, { mode: privateFileMode, flush: true }, done),
);

/**
 * Writes and syncs placed files to the disk before the transaction of their rows commits, so that an
 * answered upload is on the disk as its row is (SQLite syncs each commit): in the thread pool and in
 * parallel (the disk takes them in few journal commits), while the event loop goes on receiving the
 * next ones; then each folder once, for the names in it.
 */
export const durableFiles: CommitGroup<PlacedFile> = {
  async settle(placed) {
    const writes = placed.flatMap(({ write }) => (write ? [write] : []));
    const dirs = new Set(placed.map((file) => file.dir));
    const writeAll = async () => {
      const outcomes = await Promise.allSettled(writes.map(({ path, bytes }) => writeSynced(path, bytes)));
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    };
    await writeAll().catch(async (error: unknown) => {
      // A fresh data folder has no folder of files yet: made then, not checked on every write.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      for (const dir of dirs) await mkdir(dir, { recursive: true, mode: privateDirMode });
      await writeAll();
    });
    for (const dir of dirs) {
      const handle = await open(dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  },
};

/**
 * The stored file as an answer: images inline (the console previews them), anything else as an
 * attachment; `caching` for one served to whoever holds its link.
 */
export async function serveFile(
  ctx: AppContext,
  id: number,
  kind: string,
  caching: Pick<FileAnswerOptions, 'cacheControl' | 'referrerPolicy'> = {},
): Promise<FileAnswer> {
  const row = await ctx.db
    .selectFrom('files')
    .select(['name', 'size', 'content_type', 'pack', 'pack_offset'])
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) throw fileNotFound(id);
  const start = row.pack_offset ?? 0;
  const body =
    row.pack === null
      ? createReadStream(storedPath(ctx.dataDir, id))
      : createReadStream(join(filesDir(ctx.dataDir), packName(row.pack)), {
          start,
          end: start + row.size - 1,
        });
  return new FileAnswer(row.name, row.content_type, body, {
    inline: row.content_type.startsWith('image/'),
    size: row.size,
    ...caching,
  });
}

/**
 * The problems of file ids a write names: each must be a stored file of the kind its field's
 * `x-upload` operation takes. `fields`: field → kind; `values`: field → id (null: no file).
 */
export async function fileReferenceProblems(
  db: Db,
  fields: Readonly<Record<string, string>>,
  values: Readonly<Record<string, unknown>>,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const [field, kind] of Object.entries(fields)) {
    const id = values[field];
    if (typeof id !== 'number') continue;
    const row = await db.selectFrom('files').select('kind').where('id', '=', id).executeTakeFirst();
    if (!row)
      problems.push({ field, message: { zh: `文件不存在（id ${id}）`, en: `no such file (id ${id})` } });
    else if (row.kind !== kind) {
      problems.push({
        field,
        message: { zh: `文件 ${id} 不是此处可用的文件`, en: `file ${id} is not a file this field takes` },
      });
    }
  }
  return problems;
}
