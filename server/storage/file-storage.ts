import type { Readable } from 'node:stream';

/** An object of the storage: its key, its size and when it was last written. */
export interface StoredObject {
  readonly key: string;
  readonly bytes: number;
  readonly modifiedAt: Date;
}

/** Bytes `start` to `end`, both included, as HTTP ranges count them. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/** What an object is written from: bytes held in memory (parts end to end), or a stream of them. */
export type StorageSource = Buffer | readonly Buffer[] | AsyncIterable<Buffer>;

/** An object to write among others, durable together. */
export interface StorageItem {
  readonly key: string;
  readonly bytes: Buffer | readonly Buffer[];
}

/**
 * Where the console keeps the files it stores (uploads, snapshots and their packs, quarantine,
 * recording segments), by key: `files/12`, `files/packs/<pack>`, `recordings/<camera>/<day>/<name>`.
 * Keys are paths of `/`-separated names, never `..`; nothing here hands out a file path, so a store
 * without one (object storage: a bucket whose object names are these keys) can take the folder's
 * place behind the same calls. Every write is on stable storage once its promise settles: the
 * database rows naming an object commit after it.
 */
export interface FileStorage {
  /** Writes `key` whole, replacing it; more than `maxBytes` is refused (`StorageLimitError`) and leaves nothing. */
  put(key: string, source: StorageSource, options?: { readonly maxBytes?: number }): Promise<number>;
  /** Writes several objects at once (in parallel), all durable when it settles. */
  putAll(items: readonly StorageItem[]): Promise<void>;
  /**
   * Takes in a finished local file a tool wrote (ffmpeg's recording segments need a path to write
   * to), which is gone afterwards; answers its size. The folder moves it when on the same disk.
   */
  adopt(key: string, localFile: string): Promise<number>;
  /** The object's bytes, or those of `range`; rejects with code ENOENT when it is not there. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObject | null>;
  /** Gives the object a new key (durably); false when `from` is not there. */
  move(from: string, to: string): Promise<boolean>;
  /** Removes the object; one already gone is no error. */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix` (which ends in `/`). */
  deleteAll(prefix: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix`, in key order; `shallow`: only those with no `/`
   * after it (an object store's delimiter), not the folders below.
   */
  list(prefix: string, options?: { readonly shallow?: boolean }): Promise<StoredObject[]>;
  /** Bytes left for new objects (a disk's free space); an object store without a bound answers Infinity. */
  freeBytes(): Promise<number>;
  /** Where `key` is, for messages to an operator (a path, a bucket's URL). */
  describe(key: string): string;
}

/** A write refused for its size: it stopped at the limit and left nothing. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/** Keys come from the server's own code; this refuses one that would leave the storage. */
export function checkedKey(key: string): string {
  if (
    !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) ||
    key.split('/').some((name) => /^\.\.?$/.test(name))
  ) {
    throw new Error(`not a storage key: ${key}`);
  }
  return key;
}
