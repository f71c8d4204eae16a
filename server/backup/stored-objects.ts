import type { Readable } from 'node:stream';
import { fileKey, filesPrefix, packName } from '../files/file-keys';
import { quarantinePrefix } from '../files/quarantine';
import { recordingsPrefix } from '../recording/recording-store';
import type { FileStorage, StoredObject } from '../storage/file-storage';
import type { SnapshotContents } from './database-copy';

/** Objects copied at once: enough to overlap each file's sync with the next one's reading. */
const copiesAtOnce = 8;

/** An object a snapshot's rows name, and the size its row gives when it is a loose file. */
export interface Wanted {
  readonly key: string;
  readonly size?: number;
}

/** What the snapshot's rows name: loose files, packs (each once), recorded segments. */
export function namedObjects(
  contents: SnapshotContents,
  withRecordings: boolean,
): { files: Wanted[]; segments: Wanted[] } {
  const packs = new Set<string>();
  const files: Wanted[] = [];
  for (const file of contents.files) {
    if (file.pack === null) files.push({ key: fileKey(String(file.id)), size: file.size });
    else if (!packs.has(file.pack)) {
      packs.add(file.pack);
      files.push({ key: fileKey(packName(file.pack)) });
    }
  }
  const segments = withRecordings ? contents.segments.map((key) => ({ key: recordingsPrefix + key })) : [];
  return { files, segments };
}

async function openIfThere(storage: FileStorage, key: string): Promise<Readable | null> {
  try {
    return await storage.open(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Runs `work` on every item, a few at once. */
async function eachAtOnce<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(copiesAtOnce, items.length) }, worker));
}

/** What a copy did: objects and bytes copied, and the keys found nowhere. */
export interface CopyOutcome {
  readonly copied: number;
  readonly bytes: number;
  readonly missing: string[];
}

/**
 * A stored file's bytes from quarantine/<day>/, for a row removed after the snapshot: a removal
 * moves the file there and deletes it only CFOP_QUARANTINE_DAYS later. A loose file is taken only
 * when its size is its row's, as an id may have been given again.
 */
function quarantineReader(from: FileStorage): (wanted: Wanted) => Promise<Readable | null> {
  let byName: Promise<Map<string, StoredObject[]>> | undefined;
  const index = async () => {
    const names = new Map<string, StoredObject[]>();
    // Newest day first: the latest removal of a name is the one a row named last.
    for (const object of (await from.list(quarantinePrefix)).reverse()) {
      const name = object.key.slice(quarantinePrefix.length).split('/').slice(1).join('/');
      names.set(name, [...(names.get(name) ?? []), object]);
    }
    return names;
  };
  return async ({ key, size }) => {
    byName ??= index();
    const found = ((await byName).get(key.slice(filesPrefix.length)) ?? []).find(
      (object) => size === undefined || object.bytes === size,
    );
    return found ? openIfThere(from, found.key) : null;
  };
}

/**
 * Copies `wanted` from `from` to `to` under the same keys; with `fromQuarantine`, a stored file
 * gone from its place since the snapshot is taken from the quarantine.
 */
export async function copyObjects(
  from: FileStorage,
  to: FileStorage,
  wanted: readonly Wanted[],
  options: { readonly fromQuarantine?: boolean } = {},
): Promise<CopyOutcome> {
  const removed = options.fromQuarantine ? quarantineReader(from) : async () => null;
  let copied = 0;
  let bytes = 0;
  const missing: string[] = [];
  await eachAtOnce(wanted, async (object) => {
    const body = (await openIfThere(from, object.key)) ?? (await removed(object));
    if (!body) return void missing.push(object.key);
    const put = await to.put(object.key, body as AsyncIterable<Buffer>);
    bytes += put;
    copied += 1;
  });
  return { copied, bytes, missing: missing.sort() };
}

/** Every object under `prefixes`, as a restore copies a backup folder whole. */
export async function everyObject(storage: FileStorage, prefixes: readonly string[]): Promise<Wanted[]> {
  const found: Wanted[] = [];
  for (const prefix of prefixes) found.push(...(await storage.list(prefix)).map(({ key }) => ({ key })));
  return found;
}
