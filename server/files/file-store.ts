import { join } from 'node:path';
import type { components } from '../../src/generated/openapi';
import type { PlatformContext } from '../operations/platform-context';
import type { CommitGroup } from '../db/batched-writes';
import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';
import type { Table } from '../db/schema';
import { ApiError, type FieldProblem } from '../kernel/api-error';
import { FileAnswer, type FileAnswerOptions } from '../operations/file-answer';
import type { FileStorage } from '../storage/file-storage';
import { fileKey, packName } from './file-keys';
import type { ReceivedFile } from '../operations/received-file';

/** Where the default storage (the data folder) keeps them: DATA_DIR/files, DATA_DIR/files/.incoming. */
export const filesDir = (dataDir: string) => join(dataDir, 'files');
export const incomingDir = (dataDir: string) => join(filesDir(dataDir), '.incoming');

const fileNotFound = (id: number) =>
  new ApiError('404', { zh: `文件不存在（id ${id}）`, en: `No such file (id ${id})` });

/**
 * Who uploaded a file: a signed-in user, or an AI server by its ingest key (its snapshots, which
 * only its own alerts and passages may name).
 */
export type Uploader = { readonly userId: number } | { readonly aiServerId: number };

/** Records a received file as `kind` (its upload's operationId) and moves it to its place. */
export async function storeFile(
  ctx: PlatformContext,
  received: ReceivedFile,
  kind: string,
  uploader: Uploader,
): Promise<components['schemas']['StoredFile']> {
  const createdAt = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertFileRow(trx, received, kind, uploader, createdAt);
    await durableFiles.settle([placeFile(ctx.storage, received, id)]);
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
  uploader: Uploader,
  createdAt: string,
): Promise<number> {
  const [row] = (
    await insertFile.execute(db, {
      kind,
      name: received.name,
      size: received.size,
      content_type: received.contentType,
      sha256: received.sha256,
      uploaded_by: 'userId' in uploader ? uploader.userId : null,
      ai_server_id: 'aiServerId' in uploader ? uploader.aiServerId : null,
      created_at: createdAt,
      pack: null,
      pack_offset: null,
    })
  ).rows;
  if (!row) throw new Error('a files row was inserted without an id');
  return row.id;
}

const insertFile = reusedQuery((db, file: Omit<Table<'files'>, 'id'>) =>
  db.insertInto('files').values(file).returning('id'),
);

/** A received file to be put at the place of its row, not yet known to be stored. */
export interface PlacedFile {
  readonly storage: FileStorage;
  readonly key: string;
  readonly received: ReceivedFile;
}

/**
 * Where a received file goes for its row `id`, the last step of the row's transaction: stored by
 * `durableFiles` before the commit, so that if either fails no row names a file that is not there.
 */
export function placeFile(storage: FileStorage, received: ReceivedFile, id: number): PlacedFile {
  return { storage, key: fileKey(String(id)), received };
}

/**
 * Stores placed files before the transaction of their rows commits, so that an answered upload is
 * stored as its row is: those held in memory written together (the storage syncs each folder once,
 * while the event loop goes on receiving the next ones), those received into the storage moved.
 */
export const durableFiles = {
  async settle(placed: readonly PlacedFile[]) {
    const byStorage = new Map<FileStorage, PlacedFile[]>();
    for (const file of placed) byStorage.set(file.storage, [...(byStorage.get(file.storage) ?? []), file]);
    for (const [storage, files] of byStorage) {
      const moves = files.flatMap(({ key, received }) =>
        'incomingKey' in received ? [{ from: received.incomingKey, to: key }] : [],
      );
      await Promise.all([
        storage.putAll(
          files.flatMap(({ key, received }) => ('bytes' in received ? [{ key, bytes: received.bytes }] : [])),
        ),
        ...moves.map(async ({ from, to }) => {
          if (!(await storage.move(from, to))) throw new Error(`the received file ${from} is gone`);
        }),
      ]);
    }
  },
} satisfies CommitGroup<PlacedFile>;

/**
 * The stored file as an answer: images inline (the console previews them), anything else as an
 * attachment; `caching` for one served to whoever holds its link.
 */
export async function serveFile(
  ctx: PlatformContext,
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
      ? await ctx.storage.open(fileKey(String(id)))
      : await ctx.storage.open(fileKey(packName(row.pack)), { start, end: start + row.size - 1 });
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
