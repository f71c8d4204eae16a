import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { privateDirMode, privateFileMode } from '../data-folder/private-files';
import type { BeforeCommit, CommitGroup } from '../db/batched-writes';
import type { Db } from '../db/open-database';

/**
 * Packs: the files a batch of writes stores (an alert's snapshot each), end to end in one file below
 * DATA_DIR/files/packs, whose rows say where each starts. Creating and syncing a file per snapshot
 * cost this file system more CPU than the rest of an alert's ingest (about 0.5 ms per file, most of
 * it in the kernel, against 0.06 ms per file appended to one); a batch now creates one file and syncs
 * it once. A pack is never written again after its batch: it goes, whole, once no row names it.
 */
const packsFolder = 'packs';

/** The pack's path below DATA_DIR/files, as the stored files' sweeps name what they move. */
export const packName = (pack: string) => join(packsFolder, pack);

/** Where a packed file's bytes are. */
export interface PackPlace {
  readonly pack: string;
  readonly offset: number;
}

interface PackedBytes extends PackPlace {
  readonly filesDir: string;
  readonly bytes: Buffer;
}

/** Makes a missing folder; its own name is then synced in its parent's. */
async function makeFolder(parent: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: privateDirMode });
  await syncFolder(parent);
}

async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates the pack and writes and syncs its bytes, then its name in the folder: all before the commit. */
async function writePack(filesDir: string, pack: string, parts: readonly Buffer[]): Promise<void> {
  const dir = join(filesDir, packsFolder);
  const path = join(dir, pack);
  const handle = await open(path, 'wx', privateFileMode).catch(async (error: NodeJS.ErrnoException) => {
    // A fresh data folder has no folder of packs yet: made then, not checked on every batch.
    if (error.code !== 'ENOENT') throw error;
    await makeFolder(filesDir, dir);
    return open(path, 'wx', privateFileMode);
  });
  try {
    let written = 0;
    const total = parts.reduce((sum, part) => sum + part.length, 0);
    // writev may write less than asked, as write may; the rest follows.
    for (let rest = parts; written < total;) {
      const { bytesWritten } = await handle.writev(rest, written);
      written += bytesWritten;
      rest = remainder(parts, written);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncFolder(dir);
}

/** The parts' bytes from `offset` on. */
function remainder(parts: readonly Buffer[], offset: number): Buffer[] {
  const rest: Buffer[] = [];
  let start = 0;
  for (const part of parts) {
    const end = start + part.length;
    if (end > offset) rest.push(start >= offset ? part : part.subarray(offset - start));
    start = end;
  }
  return rest;
}

/** Writes each batch's packed files, one pack per batch and folder of files. */
const batchPacks: CommitGroup<PackedBytes> = {
  async settle(items) {
    const packs = new Map<string, PackedBytes[]>();
    for (const item of items) packs.set(item.pack, [...(packs.get(item.pack) ?? []), item]);
    await Promise.all(
      [...packs].map(([pack, packed]) =>
        writePack(
          (packed[0] as PackedBytes).filesDir,
          pack,
          packed.map((item) => item.bytes),
        ),
      ),
    );
  },
};

/**
 * Where `bytes` go in the pack of the batched write's batch, written and synced before it commits
 * (a write that fails leaves nothing in it). The caller records the place in the file's row.
 */
export function addToPack(beforeCommit: BeforeCommit, filesDir: string, bytes: Buffer): PackPlace {
  const last = beforeCommit.items(batchPacks).at(-1);
  const place: PackPlace = last
    ? { pack: last.pack, offset: last.offset + last.bytes.length }
    : { pack: randomBytes(12).toString('hex'), offset: 0 };
  beforeCommit.add(batchPacks, { ...place, filesDir, bytes });
  return place;
}

/**
 * Deletes the `files` rows `ids` (in the caller's transaction) and answers the names below
 * DATA_DIR/files of the bytes that then belong to no row, for the caller to remove after its
 * commit: each loose file, and each pack no row names any more.
 */
export async function deleteFileRows(trx: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('files').select(['id', 'pack']).where('id', 'in', ids).execute();
  await trx.deleteFrom('files').where('id', 'in', ids).execute();
  const packs = [...new Set(rows.flatMap((row) => (row.pack === null ? [] : [row.pack])))];
  const kept = new Set(
    packs.length === 0
      ? []
      : (await trx.selectFrom('files').select('pack').distinct().where('pack', 'in', packs).execute()).map(
          (row) => row.pack,
        ),
  );
  return [
    ...rows.flatMap((row) => (row.pack === null ? [String(row.id)] : [])),
    ...packs.filter((pack) => !kept.has(pack)).map(packName),
  ];
}

/** The packs (names below DATA_DIR/files) no `files` row names: a batch that failed or was cut short. */
export async function unknownPacks(db: Db, filesDir: string): Promise<string[]> {
  const names = await readdir(join(filesDir, packsFolder)).catch(() => []);
  if (names.length === 0) return [];
  const known = new Set(
    (await db.selectFrom('files').select('pack').distinct().where('pack', 'is not', null).execute()).map(
      (row) => row.pack,
    ),
  );
  return names.filter((name) => !known.has(name)).map(packName);
}
