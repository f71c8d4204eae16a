import { randomBytes } from 'node:crypto';
import type { BeforeCommit, CommitGroup } from '../db/batched-writes';
import type { Db } from '../db/open-database';
import type { FileStorage } from '../storage/file-storage';
import { fileKey, packName } from './file-keys';

/**
 * Packs: the files a batch of writes stores (an alert's snapshot each), end to end in one file below
 * files/packs of the storage, whose rows say where each starts. Creating and syncing a file per snapshot
 * cost this file system more CPU than the rest of an alert's ingest (about 0.5 ms per file, most of
 * it in the kernel, against 0.06 ms per file appended to one); a batch now creates one file and syncs
 * it once. A pack is never written again after its batch: it goes, whole, once no row names it.
 * Packs lie below files/packs (`packName`).
 */

/** Where a packed file's bytes are. */
export interface PackPlace {
  readonly pack: string;
  readonly offset: number;
}

interface PackedBytes extends PackPlace {
  readonly storage: FileStorage;
  readonly bytes: Buffer;
}

/** Writes each batch's packed files, one pack per batch and storage, durable before the commit. */
const batchPacks: CommitGroup<PackedBytes> = {
  async settle(items) {
    const packs = new Map<string, PackedBytes[]>();
    for (const item of items) packs.set(item.pack, [...(packs.get(item.pack) ?? []), item]);
    await Promise.all(
      [...packs].map(([pack, packed]) =>
        (packed[0] as PackedBytes).storage.put(
          fileKey(packName(pack)),
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
export function addToPack(beforeCommit: BeforeCommit, storage: FileStorage, bytes: Buffer): PackPlace {
  const last = beforeCommit.items(batchPacks).at(-1);
  const place: PackPlace = last
    ? { pack: last.pack, offset: last.offset + last.bytes.length }
    : { pack: randomBytes(12).toString('hex'), offset: 0 };
  beforeCommit.add(batchPacks, { ...place, storage, bytes });
  return place;
}

/**
 * Deletes the `files` rows `ids` (in the caller's transaction) and answers the names below
 * files/ of the bytes that then belong to no row, for the caller to remove after its
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

/** The packs (names below files/) no `files` row names: a batch that failed or was cut short. */
export async function unknownPacks(db: Db, storage: FileStorage): Promise<string[]> {
  const prefix = fileKey(packName(''));
  const names = (await storage.list(prefix)).map((object) => object.key.slice(prefix.length));
  if (names.length === 0) return [];
  const known = new Set(
    (await db.selectFrom('files').select('pack').distinct().where('pack', 'is not', null).execute()).map(
      (row) => row.pack,
    ),
  );
  return names.filter((name) => !known.has(name)).map(packName);
}
