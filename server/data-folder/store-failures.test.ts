import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseFileName } from '../db/open-database';
import { startTestApp, tempDir } from '../test-support/test-app';
import { DataFolderError } from '../kernel/data-folder-error';
import { instanceIdFileName } from './instance-identity';
import { explainStoreFailure } from './store-failures';
import { testOnPostgres } from '../test-support/test-database';

const dataDir = '/srv/cfop-data';
const database = join(dataDir, databaseFileName);
const systemError = (code: string) => Object.assign(new Error(code), { code });
const sqliteError = (code: string) => new SqliteDatabase.SqliteError(code, code);

describe('a data folder the server cannot use', () => {
  it.each([
    [systemError('EACCES'), `数据目录 ${dataDir} 无法写入`, `The data folder ${dataDir} cannot be written`],
    [systemError('EROFS'), `数据目录 ${dataDir} 无法写入`, `The data folder ${dataDir} cannot be written`],
    [systemError('ENOTDIR'), `DATA_DIR ${dataDir} 不是目录`, `DATA_DIR ${dataDir} is not a folder`],
    [sqliteError('SQLITE_READONLY'), `数据库 ${database} 只读`, `The database ${database} is read-only`],
    [sqliteError('SQLITE_READONLY_DIRECTORY'), `数据库 ${database} 只读`, 'give the server'],
    [sqliteError('SQLITE_CANTOPEN'), `无法打开数据库 ${database}`, `Cannot open the database ${database}`],
    [sqliteError('SQLITE_NOTADB'), `数据库 ${database} 已损坏`, 'restore cfop.sqlite from a backup'],
    [sqliteError('SQLITE_CORRUPT'), `数据库 ${database} 已损坏`, 'restore cfop.sqlite from a backup'],
    [sqliteError('SQLITE_IOERR_WRITE'), `读写数据库 ${database} 时磁盘出错`, 'check the disk'],
    [sqliteError('SQLITE_FULL'), '所在磁盘已满', 'free some space'],
    [systemError('ENOSPC'), '所在磁盘已满', 'free some space'],
  ])('%s is told in one line with the path and what to do', (error, zh, en) => {
    const explained = explainStoreFailure(error, dataDir);
    expect(explained).toBeInstanceOf(DataFolderError);
    expect(explained?.message).toContain(zh);
    expect(explained?.message).toContain(en);
    expect(explained?.message).not.toContain('\n');
  });

  it("leaves a failure that is not the operator's to fix as it is", () => {
    expect(explainStoreFailure(new TypeError('bug'), dataDir)).toBeNull();
    expect(explainStoreFailure(sqliteError('SQLITE_ERROR'), dataDir)).toBeNull();
  });

  // The SQLite file's own failures: a PostgreSQL database is not in the folder.
  it.skipIf(testOnPostgres)('refuses a database file that is not a database', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, databaseFileName), 'not a database '.repeat(400));
    await expect(startTestApp({ dataDir: dir })).rejects.toThrow(
      new DataFolderError({
        zh: `数据库 ${join(dir, databaseFileName)} 已损坏或不是 SQLite 数据库：请保留该文件以便检查，从备份恢复 cfop.sqlite 后再启动`,
        en: `The database ${join(dir, databaseFileName)} is corrupt or not an SQLite database: keep the file for inspection, restore cfop.sqlite from a backup, then start again`,
      }).message,
    );
  });

  it.skipIf(testOnPostgres)(
    'refuses to start empty where the database was lost, until the instance id is deleted on purpose',
    async () => {
      const first = await startTestApp();
      await first.app.close();
      for (const suffix of ['', '-wal', '-shm'])
        rmSync(join(first.dataDir, `${databaseFileName}${suffix}`), { force: true });
      const idFile = join(first.dataDir, instanceIdFileName);
      await expect(startTestApp({ dataDir: first.dataDir })).rejects.toThrow(
        `The database ${join(first.dataDir, databaseFileName)} is missing, but the data folder has an instance id (${idFile})`,
      );

      rmSync(idFile);
      const afresh = await startTestApp({ dataDir: first.dataDir });
      expect((await afresh.call('getCurrentUser')).status).toBe(401);
    },
  );
});
