import { join } from 'node:path';
import { databaseFileName } from '../db/open-database';
import { DataFolderError } from '../kernel/data-folder-error';
import { errorCode, isDiskFull } from '../kernel/error-codes';

export const notWritable = (dataDir: string) =>
  new DataFolderError({
    zh: `数据目录 ${dataDir} 无法写入：请让运行服务器的用户可以读写它，或用 DATA_DIR 指定其他目录`,
    en: `The data folder ${dataDir} cannot be written: give the server's user read and write access to it, or set DATA_DIR to another folder`,
  });

const notAFolder = (dataDir: string) =>
  new DataFolderError({
    zh: `DATA_DIR ${dataDir} 不是目录：请用 DATA_DIR 指定一个目录`,
    en: `DATA_DIR ${dataDir} is not a folder: set DATA_DIR to a folder`,
  });

const cannotOpen = (db: string) =>
  new DataFolderError({
    zh: `无法打开数据库 ${db}：请检查该文件及其所在目录存在，并可由运行服务器的用户读写`,
    en: `Cannot open the database ${db}: check that the file and its folder exist and the server's user may read and write them`,
  });

const readOnly = (db: string) =>
  new DataFolderError({
    zh: `数据库 ${db} 只读：请让运行服务器的用户可以写入该文件及其所在目录（SQLite 在旁边写 -wal、-shm 文件）`,
    en: `The database ${db} is read-only: give the server's user write access to it and to its folder (SQLite writes -wal and -shm files beside it)`,
  });

const corrupt = (db: string) =>
  new DataFolderError({
    zh: `数据库 ${db} 已损坏或不是 SQLite 数据库：请保留该文件以便检查，从备份恢复 cfop.sqlite 后再启动`,
    en: `The database ${db} is corrupt or not an SQLite database: keep the file for inspection, restore cfop.sqlite from a backup, then start again`,
  });

const diskError = (db: string) =>
  new DataFolderError({
    zh: `读写数据库 ${db} 时磁盘出错：请检查磁盘后再启动`,
    en: `A disk error occurred reading or writing the database ${db}: check the disk, then start again`,
  });

const diskFull = (dataDir: string) =>
  new DataFolderError({
    zh: `数据目录 ${dataDir} 所在磁盘已满：请清理空间后再启动`,
    en: `The disk of the data folder ${dataDir} is full: free some space, then start again`,
  });

/**
 * What the operator must do about a failure to open or prepare a data folder, from its error code
 * (a Node system error or an SQLite result code); null for a failure that is not theirs to fix.
 */
export function explainStoreFailure(error: unknown, dataDir: string): DataFolderError | null {
  const code = errorCode(error);
  if (code === undefined) return null;
  const db = join(dataDir, databaseFileName);
  if (isDiskFull(error)) return diskFull(dataDir);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return notWritable(dataDir);
  if (code === 'ENOTDIR' || code === 'EEXIST') return notAFolder(dataDir);
  if (code.startsWith('SQLITE_READONLY')) return readOnly(db);
  if (code.startsWith('SQLITE_CANTOPEN')) return cannotOpen(db);
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) return corrupt(db);
  if (code.startsWith('SQLITE_IOERR')) return diskError(db);
  return null;
}

/** Runs `work` on the data folder, turning a failure the operator must fix into a DataFolderError. */
export async function explainingStoreFailures<T>(dataDir: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw explainStoreFailure(error, dataDir) ?? error;
  }
}
