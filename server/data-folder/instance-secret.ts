import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';
import { DataFolderError } from '../kernel/data-folder-error';
import { errorCode } from '../kernel/error-codes';
import { privateFileMode } from '../kernel/private-files';

/** The key snapshot links are signed with: deleting it (and restarting) voids every link sent. */
export const snapshotLinkKeyFileName = 'snapshot-link.key';

const secretBytes = 32;
const secretPattern = new RegExp(`^[0-9a-f]{${secretBytes * 2}}$`);

const badSecret = (path: string) =>
  new DataFolderError({
    zh: `密钥文件 ${path} 内容无效（应为 ${secretBytes * 2} 位十六进制）。删除它后重启即生成新密钥（已发出的链接随之失效）`,
    en: `The key file ${path} is not ${secretBytes * 2} hex digits. Delete it and restart to make a new key (links already sent stop working)`,
  });

/**
 * The instance's secret kept in DATA_DIR/`name`, readable by the server's user only: made once,
 * from 32 random bytes, and read on every later start. Written beside and linked into place, so a
 * crash midway leaves no half-written key and two first starts at once agree on one.
 */
export function instanceSecret(dataDir: string, name: string): Buffer {
  const path = join(dataDir, name);
  const written = readSecret(path) ?? createSecret(path);
  if (!secretPattern.test(written)) throw badSecret(path);
  return Buffer.from(written, 'hex');
}

/**
 * The instance's secret `name`, alike on every server of the database: on SQLite the data folder's
 * file (instanceSecret), on PostgreSQL a row of instance_secrets, since servers there need not share
 * a folder. The first server to start writes it: the folder's key if it has one (links already
 * sent keep working), else a new one; a second starting at once keeps the first's.
 */
export async function sharedSecret(db: Db, dataDir: string, name: string): Promise<Buffer> {
  if (dialectOf(db) !== 'postgres') return instanceSecret(dataDir, name);
  const known = async () =>
    (await db.selectFrom('instance_secrets').select('value').where('name', '=', name).executeTakeFirst())
      ?.value;
  let value = await known();
  if (value === undefined) {
    const path = join(dataDir, name);
    const written = readSecret(path);
    if (written !== null && !secretPattern.test(written)) throw badSecret(path);
    await db
      .insertInto('instance_secrets')
      .values({ name, value: written ?? randomBytes(secretBytes).toString('hex') })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    value = await known();
  }
  if (value === undefined || !secretPattern.test(value))
    throw new Error(`instance secret ${name} is not stored`);
  return Buffer.from(value, 'hex');
}

function readSecret(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function createSecret(path: string): string {
  const draft = `${path}.${process.pid}.new`;
  writeFileSync(draft, `${randomBytes(secretBytes).toString('hex')}\n`, { mode: privateFileMode });
  try {
    linkSync(draft, path);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(path, 'utf8').trim();
}
