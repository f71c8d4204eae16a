import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Clock } from '../kernel/clock';
import { databaseFileName, type Db } from '../db/open-database';
import { unknownStoredFiles } from '../files/unused-files';
import { createFolderStorage } from '../storage/folder-storage';
import { DataFolderError } from '../kernel/data-folder-error';
import { privateFileMode } from '../kernel/private-files';

export const instanceIdFileName = 'instance-id';

/** Whose the database is: its id, when it was first opened, and the id its data folder holds. */
export interface Instance {
  readonly id: string;
  /** By the app's clock. */
  readonly createdAt: Date;
  /** DATA_DIR/instance-id; null when the folder holds none (yet). */
  readonly folderId: string | null;
  /** Whether the database is the folder's own, so files it does not know may be swept as stray. */
  readonly ownsFolder: boolean;
}

const databaseLost = (db: string, idFile: string) =>
  new DataFolderError({
    zh: `数据库 ${db} 不存在，但数据目录有实例标识 ${idFile}：数据库可能已丢失。请从备份恢复 cfop.sqlite；若确要以空数据库重新开始，请删除 ${idFile}`,
    en: `The database ${db} is missing, but the data folder has an instance id (${idFile}): the database may have been lost. Restore cfop.sqlite from a backup; to start afresh with an empty database on purpose, delete ${idFile}`,
  });

/**
 * Refuses to open a data folder whose database is gone (a folder that had one holds its id), which
 * would otherwise start empty beside the folder's stored files.
 */
export function assertDatabaseNotLost(dataDir: string): void {
  const idFile = join(dataDir, instanceIdFileName);
  const db = join(dataDir, databaseFileName);
  if (existsSync(idFile) && !existsSync(db)) throw databaseLost(db, idFile);
}

/**
 * Gives a database its id on its first open, and tells whether it is its data folder's own: the
 * folder holds the same id, or holds none yet and the database knows every stored file in it (a
 * new folder, or one from before ids), in which case the folder is given the database's id.
 * A database that knows none of the files beside it (an empty file left by a failed restore)
 * never claims them.
 */
export async function identifyInstance(db: Db, dataDir: string, clock: Clock): Promise<Instance> {
  // One statement, so two first opens at once (the server and the operator CLI) write one row.
  await sql`insert into instance (id, created_at)
    select ${randomUUID()}, ${clock.now().toISOString()}
    where not exists (select 1 from instance)`.execute(db);
  const row = await db.selectFrom('instance').selectAll().executeTakeFirstOrThrow();
  const idFile = join(dataDir, instanceIdFileName);
  let folderId = readId(idFile);
  if (folderId === null && (await unknownStoredFiles(db, createFolderStorage(dataDir))).length === 0) {
    writeFileSync(idFile, `${row.id}\n`, { mode: privateFileMode });
    folderId = row.id;
  }
  return { id: row.id, createdAt: new Date(row.created_at), folderId, ownsFolder: folderId === row.id };
}

function readId(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch {
    return null;
  }
}
