import { createReadStream, type Dirent } from 'node:fs';
import {
  copyFile,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  statfs,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { privateDirMode, privateFileMode } from '../kernel/private-files';
import {
  checkedKey,
  StorageLimitError,
  type FileStorage,
  type StorageSource,
  type StoredObject,
} from './file-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Runs `work`, making the folder `dir` first when it is missing (a fresh folder): made then, not
 * checked before every write; the new folders' names are synced in their parents.
 */
async function inFolder<T>(root: string, dir: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(dir, { recursive: true, mode: privateDirMode });
  for (let made = dir; made !== root && made.startsWith(root); made = dirname(made))
    await syncFolder(dirname(made));
  return work();
}

/** The bytes of `parts` from `offset` on. */
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

/**
 * The storage as a folder: each key a file below `root` (by default the data folder, so stored
 * files keep their place: DATA_DIR/files/<id>, DATA_DIR/recordings/…). A folder shared by several
 * servers (an NFS mount, STORAGE_DIR) works the same, as every write is synced before it counts and
 * objects are only created whole, renamed or removed. Its one path-bound call is `adopt`: a file a
 * tool wrote on the same disk is moved in, not copied.
 */
export function createFolderStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));

  /** Writes the file and syncs its data; its name is synced by the caller, once per folder. */
  async function writeSynced(path: string, source: StorageSource, maxBytes: number): Promise<number> {
    if (Buffer.isBuffer(source)) {
      if (source.length > maxBytes) throw new StorageLimitError(maxBytes);
      await writeFile(path, source, { mode: privateFileMode, flush: true });
      return source.length;
    }
    const handle = await open(path, 'w', privateFileMode);
    let written = 0;
    try {
      if (Array.isArray(source)) {
        const parts = source as readonly Buffer[];
        const total = parts.reduce((sum, part) => sum + part.length, 0);
        if (total > maxBytes) throw new StorageLimitError(maxBytes);
        // writev may write less than asked, as write may; the rest follows.
        for (let rest = parts; written < total; rest = remainder(parts, written))
          written += (await handle.writev([...rest], written)).bytesWritten;
      } else {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          if (written + chunk.length > maxBytes) throw new StorageLimitError(maxBytes);
          for (let done = 0; done < chunk.length;)
            done += (await handle.write(chunk, done, chunk.length - done, written + done)).bytesWritten;
          written += chunk.length;
        }
      }
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(path, { force: true });
      throw error;
    }
    await handle.close();
    return written;
  }

  const objectAt = (key: string, info: { size: number; mtime: Date }): StoredObject => ({
    key,
    bytes: info.size,
    modifiedAt: info.mtime,
  });

  const storage: FileStorage = {
    async put(key, source, options = {}) {
      const path = pathOf(key);
      const dir = dirname(path);
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      const bytes = await inFolder(root, dir, () => writeSynced(path, source, maxBytes));
      await syncFolder(dir);
      return bytes;
    },
    async putAll(items) {
      const dirs = new Set<string>();
      await Promise.all(
        items.map(async ({ key, bytes }) => {
          const path = pathOf(key);
          dirs.add(dirname(path));
          await inFolder(root, dirname(path), () => writeSynced(path, bytes, Number.POSITIVE_INFINITY));
        }),
      );
      for (const dir of dirs) await syncFolder(dir);
    },
    async adopt(key, localFile) {
      const path = pathOf(key);
      const dir = dirname(path);
      try {
        await inFolder(root, dir, () => rename(localFile, path));
      } catch (error) {
        // Another disk (a shared folder apart from the working one): copied and synced, then removed.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localFile, path);
        const handle = await open(path, 'r+');
        await handle.sync().finally(() => handle.close());
        await unlink(localFile);
      }
      await syncFolder(dir);
      return (await stat(path)).size;
    },
    async open(key, range) {
      const path = pathOf(key);
      // Fails here (ENOENT) rather than later on the stream.
      await stat(path);
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      const info = await stat(pathOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return info?.isFile() ? objectAt(key, info) : null;
    },
    async move(from, to) {
      const target = pathOf(to);
      try {
        await inFolder(root, dirname(target), () => rename(pathOf(from), target));
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await syncFolder(dirname(target));
      return true;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deleteAll(prefix) {
      await rm(pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    async list(prefix, options = {}) {
      // Only the folder the prefix's whole names reach is read (a camera's day, not the store).
      const base = join(root, ...prefix.split('/').slice(0, -1));
      let entries: Dirent[];
      try {
        entries = await readdir(base, { recursive: options.shallow !== true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const found: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(root, path).split(sep).join('/');
        if (!key.startsWith(prefix) || (options.shallow === true && key.includes('/', prefix.length)))
          continue;
        const info = await stat(path).catch(() => null);
        if (info) found.push(objectAt(key, info));
      }
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async freeBytes() {
      await mkdir(root, { recursive: true, mode: privateDirMode });
      const disk = await statfs(root);
      return disk.bavail * disk.bsize;
    },
    describe: (key) => pathOf(key),
  };
  return storage;
}
