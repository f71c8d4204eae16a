import { mkdir, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { privateDirMode } from '../data-folder/private-files';

/** An object of the recording store: its key and size. */
export interface StoredSegment {
  readonly key: string;
  readonly bytes: number;
}

/**
 * Where finished recording segments are kept, by key (`<cameraId>/<yyyy-mm-dd>/<name>.ts`). The
 * local folder is the one implementation; a shared store (object storage for several servers) can
 * replace it behind the same calls, since the index names objects by key only.
 */
export interface RecordingStore {
  /** Moves a finished local file into the store under `key`; answers its size. */
  put(key: string, localFile: string): Promise<number>;
  /** The object's bytes (playback, clips); fails with ENOENT when it is gone. */
  read(key: string): Promise<Readable>;
  /** Removes the object; one already gone is no error. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all without it). */
  list(prefix?: string): Promise<StoredSegment[]>;
  /** Bytes free on the store's disk for the server's user. */
  freeBytes(): Promise<number>;
}

/** Keys are made by the recorder; this only refuses one that would leave the store's folder. */
function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`not a recording key: ${key}`);
  }
  return key;
}

/** The recording store in a folder of the data folder's disk (DATA_DIR/recordings). */
export function createLocalRecordingStore(rootDir: string): RecordingStore {
  const pathOf = (key: string) => join(rootDir, ...checkedKey(key).split('/'));
  return {
    async put(key, localFile) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: privateDirMode });
      // The recorder's spool is on the same disk: a rename, no copy.
      await rename(localFile, path);
      return (await stat(path)).size;
    },
    async read(key) {
      const path = pathOf(key);
      // Fails here (ENOENT) rather than later on the stream.
      await stat(path);
      return createReadStream(path);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix = '') {
      // Only the folder the prefix's whole parts name is read (a camera's day, not the store).
      const folders = prefix.split('/').slice(0, -1);
      const base = join(rootDir, ...folders);
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const found: StoredSegment[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(rootDir, path).split(sep).join('/');
        if (key.startsWith(prefix)) found.push({ key, bytes: (await stat(path)).size });
      }
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async freeBytes() {
      await mkdir(rootDir, { recursive: true, mode: privateDirMode });
      const disk = await statfs(rootDir);
      return disk.bavail * disk.bsize;
    },
  };
}
