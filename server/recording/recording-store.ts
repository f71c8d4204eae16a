import type { Readable } from 'node:stream';
import type { FileStorage, StoredObject } from '../storage/file-storage';

/** Recordings are kept under this prefix of the storage (DATA_DIR/recordings in the default folder). */
export const recordingsPrefix = 'recordings/';

/**
 * Where finished recording segments are kept, by key (`<cameraId>/<yyyy-mm-dd>/<name>.ts`), in the
 * server's storage: the index names objects by key only, so a shared folder or an object store
 * holds them as well as the data folder does.
 */
export interface RecordingStore {
  /** Moves a finished local file (ffmpeg's segment) into the store under `key`; answers its size. */
  put(key: string, localFile: string): Promise<number>;
  /** The object's bytes (playback, clips); fails with ENOENT when it is gone. */
  read(key: string): Promise<Readable>;
  /** Removes the object; one already gone is no error. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all without it). */
  list(prefix?: string): Promise<StoredObject[]>;
  /** Bytes free for new recordings (the storage's disk, for the server's user). */
  freeBytes(): Promise<number>;
}

/** The recording store within `storage`. */
export function recordingStore(storage: FileStorage): RecordingStore {
  const keyOf = (key: string) => recordingsPrefix + key;
  return {
    put: (key, localFile) => storage.adopt(keyOf(key), localFile),
    read: (key) => storage.open(keyOf(key)),
    remove: (key) => storage.delete(keyOf(key)),
    async list(prefix = '') {
      const found = await storage.list(keyOf(prefix));
      return found.map((object) => ({ ...object, key: object.key.slice(recordingsPrefix.length) }));
    },
    freeBytes: () => storage.freeBytes(),
  };
}
