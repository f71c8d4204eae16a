import { createHash } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { instanceIdFileName } from '../data-folder/instance-identity';
import { DataFolderError } from '../kernel/data-folder-error';
import { makePrivateDir, privateDirMode, privateFileMode } from '../kernel/private-files';
import { snapshotLinkKeyFileName } from '../data-folder/instance-secret';
import { filesPrefix } from '../files/file-keys';
import type { LocalText } from '../kernel/locale';
import { recordingsPrefix } from '../recording/recording-store';
import { createFolderStorage } from '../storage/folder-storage';
import {
  databaseCopyName,
  forgetSegments,
  restorePostgres,
  restoreSqlite,
  snapshotPostgres,
  snapshotSqlite,
  type DatabaseKind,
} from './database-copy';
import { copyObjects, everyObject, namedObjects } from './stored-objects';

/** Where the data lives: DATA_DIR, DATABASE_URL and STORAGE_DIR, as the server reads them. */
export interface DataPlaces {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly storageDir?: string | undefined;
}

/** manifest.json: written last, so a backup folder without it is one that did not finish. */
export interface BackupManifest {
  readonly format: 'cfop-backup-1';
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly database: DatabaseKind;
  readonly databaseFile: string;
  readonly databaseBytes: number;
  readonly databaseSha256: string;
  readonly instanceId: string;
  readonly migration: string;
  readonly alerts: number;
  /** `files` rows, and the stored objects (loose files and packs) copied for them. */
  readonly files: number;
  readonly fileObjects: number;
  readonly fileBytes: number;
  readonly recordings: boolean;
  readonly segments: number;
  readonly segmentBytes: number;
  /** Segments whose rows the snapshot holds but whose files the recording sweep removed meanwhile. */
  readonly segmentsGone: readonly string[];
  readonly snapshotLinkKey: boolean;
}

export const manifestFileName = 'manifest.json';

const kindOf = (places: DataPlaces): DatabaseKind =>
  places.databaseUrl === undefined ? 'sqlite' : 'postgres';

/** Refuses a folder that holds anything: a backup or a restore never mixes with what is there. */
function assertEmptyFolder(dir: string, role: LocalText): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new DataFolderError({
      zh: `${role.zh} ${dir} 不是空的：请指定一个空目录或不存在的目录`,
      en: `The ${role.en} ${dir} is not empty: give an empty folder or one that does not exist yet`,
    });
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Makes a file (or folder) written by other means than the storage durable. */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function writePrivate(path: string, text: string): void {
  writeFileSync(path, text, { mode: privateFileMode, flush: true });
}

/**
 * Backs up the data to the empty folder `to` while the server runs: the database first, as one
 * commit left it, then the stored files and recordings its rows name. Every file is written (and
 * synced) before the row naming it commits, and deleted only after that row is gone, through the
 * quarantine; so each file the snapshot names is still there when it is copied, or in quarantine.
 * Files stored after the snapshot are left out, as are their rows.
 */
export async function takeBackup(
  places: DataPlaces,
  to: string,
  options: { readonly recordings: boolean; readonly now: () => Date },
): Promise<BackupManifest> {
  const startedAt = options.now().toISOString();
  assertEmptyFolder(to, { zh: '备份目录', en: 'backup folder' });
  makePrivateDir(to);
  // An empty folder the operator made may be open to others: a backup holds what DATA_DIR does.
  chmodSync(to, privateDirMode);
  const database = kindOf(places);
  const databaseFile = databaseCopyName(database);
  const copy = join(to, databaseFile);
  const contents =
    places.databaseUrl === undefined
      ? await snapshotSqlite(places.dataDir, copy)
      : await snapshotPostgres(places.databaseUrl, copy);
  await syncPath(copy);

  const storage = createFolderStorage(places.storageDir ?? places.dataDir);
  const target = createFolderStorage(to);
  const wanted = namedObjects(contents, options.recordings);
  const files = await copyObjects(storage, target, wanted.files, { fromQuarantine: true });
  if (files.missing.length > 0) {
    const shown = files.missing.slice(0, 5).join(', ');
    throw new DataFolderError({
      zh: `备份未完成：数据库中有 ${files.missing.length} 个文件在 ${storage.describe('files')} 和隔离区中都找不到（${shown}）`,
      en: `The backup is not complete: ${files.missing.length} files the database names are neither in ${storage.describe('files')} nor in quarantine (${shown})`,
    });
  }
  // The recording sweep deletes a segment's file before its row: one removed meanwhile is gone.
  const segments = await copyObjects(storage, target, wanted.segments);

  const keyFile = join(places.dataDir, snapshotLinkKeyFileName);
  const snapshotLinkKey = existsSync(keyFile);
  if (snapshotLinkKey) writePrivate(join(to, snapshotLinkKeyFileName), readFileSync(keyFile, 'utf8'));
  writePrivate(join(to, instanceIdFileName), `${contents.instanceId}\n`);

  const manifest: BackupManifest = {
    format: 'cfop-backup-1',
    startedAt,
    finishedAt: options.now().toISOString(),
    database,
    databaseFile,
    databaseBytes: statSync(copy).size,
    databaseSha256: await sha256Of(copy),
    instanceId: contents.instanceId,
    migration: contents.migration,
    alerts: contents.alerts,
    files: contents.files.length,
    fileObjects: files.copied,
    fileBytes: files.bytes,
    recordings: options.recordings,
    segments: segments.copied,
    segmentBytes: segments.bytes,
    segmentsGone: segments.missing,
    snapshotLinkKey,
  };
  writePrivate(join(to, manifestFileName), `${JSON.stringify(manifest, null, 2)}\n`);
  await syncPath(to);
  return manifest;
}

const notABackup = (from: string, why: LocalText) =>
  new DataFolderError({
    zh: `${from} 不是可恢复的备份：${why.zh}`,
    en: `${from} is not a backup that can be restored: ${why.en}`,
  });

function readManifest(from: string): BackupManifest {
  const path = join(from, manifestFileName);
  if (!existsSync(path))
    throw notABackup(from, {
      zh: `没有 ${manifestFileName}（备份未完成？）`,
      en: `it has no ${manifestFileName} (an unfinished backup?)`,
    });
  try {
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
    if (manifest.format === 'cfop-backup-1') return manifest;
  } catch {
    // Told below, as any other unreadable manifest.
  }
  throw notABackup(from, {
    zh: `${manifestFileName} 无法识别`,
    en: `its ${manifestFileName} is not one this version reads`,
  });
}

/**
 * Restores the backup in `from` into an empty DATA_DIR (and an empty DATABASE_URL database, and a
 * STORAGE_DIR holding no stored files or recordings): the files first, the database after them and
 * the database's instance id last, so a restore cut short leaves no row without its file, and a
 * server started on it neither claims nor sweeps files its database does not know. The rows of
 * recorded segments the backup has no file for are removed.
 */
export async function restoreBackup(places: DataPlaces, from: string): Promise<BackupManifest> {
  const manifest = readManifest(from);
  const database = kindOf(places);
  if (manifest.database !== database) {
    const name = (kind: DatabaseKind) => (kind === 'sqlite' ? 'SQLite' : 'PostgreSQL (DATABASE_URL)');
    throw notABackup(from, {
      zh: `它是 ${name(manifest.database)} 的备份，而本服务器使用 ${name(database)}`,
      en: `it backs up ${name(manifest.database)}, and this server uses ${name(database)}`,
    });
  }
  // The copy's name by the kind, never a path the manifest gives.
  const copy = join(from, databaseCopyName(database));
  if (!existsSync(copy) || (await sha256Of(copy)) !== manifest.databaseSha256) {
    throw notABackup(from, {
      zh: `数据库副本 ${copy} 缺失或与 ${manifestFileName} 记录的 SHA-256 不符`,
      en: `its database copy ${copy} is missing or does not match the SHA-256 in ${manifestFileName}`,
    });
  }
  assertEmptyFolder(places.dataDir, { zh: '数据目录 DATA_DIR', en: 'data folder (DATA_DIR)' });
  const storage = createFolderStorage(places.storageDir ?? places.dataDir);
  if (places.storageDir !== undefined) {
    for (const prefix of [filesPrefix, recordingsPrefix]) {
      if ((await storage.list(prefix)).length > 0)
        assertEmptyFolder(storage.describe(prefix.slice(0, -1)), { zh: '存储目录', en: 'storage folder' });
    }
  }
  makePrivateDir(places.dataDir);

  const objects = await copyObjects(
    createFolderStorage(from),
    storage,
    await everyObject(createFolderStorage(from), [filesPrefix, recordingsPrefix]),
  );
  const expected = manifest.fileObjects + manifest.segments;
  if (objects.copied !== expected) {
    throw notABackup(from, {
      zh: `其中只有 ${objects.copied} 个文件，${manifestFileName} 记录了 ${expected} 个`,
      en: `it holds ${objects.copied} stored files where ${manifestFileName} lists ${expected}`,
    });
  }
  if (manifest.snapshotLinkKey) {
    writePrivate(
      join(places.dataDir, snapshotLinkKeyFileName),
      readFileSync(join(from, snapshotLinkKeyFileName), 'utf8'),
    );
  }
  if (places.databaseUrl === undefined) restoreSqlite(copy, places.dataDir);
  else await restorePostgres(copy, places.databaseUrl);
  await forgetSegments(
    places.dataDir,
    places.databaseUrl,
    manifest.recordings ? manifest.segmentsGone.map((key) => key.slice(recordingsPrefix.length)) : 'every',
  );
  writePrivate(join(places.dataDir, instanceIdFileName), `${manifest.instanceId}\n`);
  await syncPath(places.dataDir);
  return manifest;
}
