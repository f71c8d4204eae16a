import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DataFolderError } from '../kernel/data-folder-error';
import { errorCode } from '../kernel/error-codes';
import { createPrivateFile, makePrivateDir, privateFileMode } from '../kernel/private-files';
import { notWritable } from './store-failures';

/** The file whose lock a running server holds, and the file naming that server. */
export const lockFileName = 'server.lock';
export const lockHolderFileName = 'server.lock.json';

/** Who holds a data folder: shown to a second server refused it. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
}

export interface DataFolderLock {
  release(): void;
}

const heldBy = (dataDir: string, holder: LockHolder | null) =>
  new DataFolderError(
    holder
      ? {
          zh: `数据目录 ${dataDir} 正由另一个服务器使用（进程 ${holder.pid}，主机 ${holder.host}，启动于 ${holder.startedAt}）：请先停止它，或为本服务器设置其他 DATA_DIR`,
          en: `The data folder ${dataDir} is in use by another server (pid ${holder.pid} on host ${holder.host}, started ${holder.startedAt}): stop it first, or give this server another DATA_DIR`,
        }
      : {
          zh: `数据目录 ${dataDir} 正由另一个正在启动的服务器使用：请先停止它，或为本服务器设置其他 DATA_DIR`,
          en: `The data folder ${dataDir} is in use by another server that is starting: stop it first, or give this server another DATA_DIR`,
        },
  );

/**
 * Makes the caller the one server of DATA_DIR, or throws a DataFolderError naming the server that
 * is. The lock is SQLite's exclusive lock on DATA_DIR/server.lock, that is the operating system's
 * file lock: taking it is atomic (of two servers starting at once, one gets it), and it dies with
 * its process, so a crashed server's lock is never in the way. The operator CLI does not take it.
 * Creates DATA_DIR if it is missing.
 */
export function lockDataFolder(dataDir: string, log: { warn(message: string): void }): DataFolderLock {
  const lockPath = join(dataDir, lockFileName);
  const holderPath = join(dataDir, lockHolderFileName);
  makePrivateDir(dataDir);
  createPrivateFile(lockPath);
  const sqlite = new SqliteDatabase(lockPath, { timeout: 0 });
  try {
    sqlite.exec('begin exclusive');
  } catch (error) {
    sqlite.close();
    if (errorCode(error) === 'SQLITE_BUSY') throw heldBy(dataDir, readHolder(holderPath));
    // SQLite cannot lock a file in a folder it may not write (SQLITE_READONLY_DIRECTORY).
    throw errorCode(error)?.startsWith('SQLITE_READONLY') ? notWritable(dataDir) : error;
  }
  // A holder file left behind: its server ended without closing (killed, crashed, power lost).
  const previous = readHolder(holderPath);
  if (previous) {
    log.warn(
      `took over the lock of the data folder ${dataDir} from server pid ${previous.pid} on ${previous.host} (started ${previous.startedAt}), which ended without closing`,
    );
  }
  const holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  writeFileSync(holderPath, `${JSON.stringify(holder)}\n`, { mode: privateFileMode });
  return {
    release() {
      rmSync(holderPath, { force: true });
      sqlite.close();
    },
  };
}

/**
 * The data folder of a server on PostgreSQL, made if missing and locked by nothing: several servers
 * of one database may share it (stored files, the SMS outbox, which each appends to whole lines),
 * or each have its own.
 */
export function shareDataFolder(dataDir: string): DataFolderLock {
  makePrivateDir(dataDir);
  return { release: () => undefined };
}

function readHolder(path: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string'
      ? { pid: holder.pid, host: holder.host, startedAt: String(holder.startedAt) }
      : null;
  } catch {
    return null;
  }
}
