import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { testPasswordCost } from '../auth/password-hash';
import { runOperatorCommand } from '../cli/operator-commands';
import { instanceIdFileName } from '../data-folder/instance-identity';
import { openDatabase } from '../db/open-database';
import { fileKey, packName } from '../files/file-keys';
import { createFolderStorage } from '../storage/folder-storage';
import { alertWorld } from '../test-support/alert-world';
import { jpegBytes } from '../test-support/multipart';
import {
  clientHeaders,
  startTestApp,
  tempDir,
  testAdminPassword,
  tokenHeader,
} from '../test-support/test-app';
import { knownTestDatabaseUrl, openTestDatabase, testOnPostgres } from '../test-support/test-database';
import { waitUntil } from '../test-support/wait-until';
import { manifestFileName, type BackupManifest, type DataPlaces } from './backup';
import { copyObjects } from './stored-objects';

async function cli(places: DataPlaces, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperatorCommand(
    args,
    {
      ...places,
      databaseUrl: places.databaseUrl,
      admin: { password: testAdminPassword, phone: undefined },
      passwordCost: testPasswordCost,
    },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A new database with nothing in it, on a run on PostgreSQL, as `createdb` makes one; else undefined. */
async function emptyDatabaseUrl(): Promise<string | undefined> {
  if (!testOnPostgres) return undefined;
  const server = inject('postgresServer');
  const name = `cfop_restore_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  onTestFinished(async () => {
    const dropper = new pg.Client({ connectionString: `${server}/postgres` });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  return `${server}/${name}`;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every `files` row of the data whose bytes are not there, or not the bytes its row's digest names. */
async function filesNotIntact(places: DataPlaces): Promise<{ rows: number; broken: number[] }> {
  const db = await openDatabase(places.dataDir, places.databaseUrl);
  try {
    const storage = createFolderStorage(places.dataDir);
    const rows = await db
      .selectFrom('files')
      .select(['id', 'pack', 'pack_offset', 'size', 'sha256'])
      .execute();
    const broken: number[] = [];
    for (const row of rows) {
      const start = row.pack_offset ?? 0;
      const bytes = await readAll(
        row.pack === null
          ? await storage.open(fileKey(String(row.id)))
          : await storage.open(fileKey(packName(row.pack)), { start, end: start + row.size - 1 }),
      ).catch(() => null);
      if (!bytes || sha256(bytes) !== row.sha256) broken.push(row.id);
    }
    return { rows: rows.length, broken };
  } finally {
    await db.destroy();
  }
}

describe('backup and restore', () => {
  it('backs up a server under ingest; a server started on the restore has every alert acknowledged before', async () => {
    const world = await alertWorld();
    const { t, postAlertWithSnapshot } = world;
    const places: DataPlaces = { dataDir: t.dataDir, databaseUrl: knownTestDatabaseUrl(t.dataDir) };
    // Two recorded segments: one in the store, one whose file the recording sweep has just removed
    // (it deletes the file before the row).
    const segment = Buffer.from('a recorded segment');
    const cameraId = world.cameras[0]?.id as number;
    await createFolderStorage(t.dataDir).put(`recordings/${cameraId}/2030-01-01/kept.ts`, segment);
    const db = await openTestDatabase(t.dataDir);
    await db
      .insertInto('recording_segments')
      .values(
        ['kept', 'gone'].map((name, index) => ({
          camera_id: cameraId,
          started_at: `2030-01-01T07:0${index}:00.000Z`,
          ended_at: `2030-01-01T07:0${index}:10.000Z`,
          bytes: segment.length,
          store_key: `${cameraId}/2030-01-01/${name}.ts`,
          run: 'run-1',
        })),
      )
      .execute();
    await db.destroy();

    let backupStarted = false;
    let stop = false;
    let sent = 0;
    const acknowledged: { id: number; snapshotId: number; bytes: Buffer; beforeBackup: boolean }[] = [];
    const ingestOne = async () => {
      // The one-call form takes its snapshot from the file part.
      const report: Record<string, unknown> = world.report();
      delete report.snapshotId;
      const bytes = Buffer.concat([jpegBytes, Buffer.from(`snapshot ${(sent += 1)}`)]);
      const answer = await postAlertWithSnapshot(report, bytes);
      if (answer.statusCode !== 200) throw new Error(answer.body);
      const { id, snapshotId } = (answer.json() as { data: { id: number; snapshotId: number } }).data;
      acknowledged.push({ id, snapshotId, bytes, beforeBackup: !backupStarted });
    };
    // Three AI servers' worth of alerts at once, so batches with their packs are in flight; fewer
    // than the ingest burst allows, as the test clock stands still.
    const ingesting = Array.from({ length: 3 }, async () => {
      while (!stop && sent < 150) await ingestOne();
    });
    await waitUntil(() => acknowledged.length >= 30, '30 alerts acknowledged');

    backupStarted = true;
    const to = join(tempDir(), 'backup');
    const backup = await cli(places, 'backup', '--to', to);
    stop = true;
    await Promise.all(ingesting);
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(backup.out).toContain(`Backed up to ${to}`);
    const manifest = JSON.parse(readFileSync(join(to, manifestFileName), 'utf8')) as BackupManifest;
    const before = acknowledged.filter((alert) => alert.beforeBackup);
    expect(manifest.alerts).toBeGreaterThanOrEqual(before.length);
    expect(manifest).toMatchObject({
      segments: 1,
      segmentsGone: [`recordings/${cameraId}/2030-01-01/gone.ts`],
    });
    expect(statSync(to).mode & 0o777).toBe(0o700);
    for (const name of [manifest.databaseFile, instanceIdFileName, manifestFileName])
      expect(statSync(join(to, name)).mode & 0o777).toBe(0o600);

    const restored: DataPlaces = {
      dataDir: join(tempDir(), 'restored'),
      databaseUrl: await emptyDatabaseUrl(),
    };
    const restore = await cli(restored, 'restore', '--from', to);
    expect(restore).toMatchObject({ code: 0, err: '' });
    expect(statSync(restored.dataDir).mode & 0o777).toBe(0o700);
    expect(await filesNotIntact(restored)).toEqual({ rows: manifest.files, broken: [] });
    expect(readFileSync(join(restored.dataDir, instanceIdFileName), 'utf8').trim()).toBe(manifest.instanceId);
    expect(readFileSync(join(restored.dataDir, `recordings/${cameraId}/2030-01-01/kept.ts`))).toEqual(
      segment,
    );
    const restoredDb = await openDatabase(restored.dataDir, restored.databaseUrl);
    const segmentRows = await restoredDb.selectFrom('recording_segments').select('store_key').execute();
    await restoredDb.destroy();
    expect(segmentRows).toEqual([{ store_key: `${cameraId}/2030-01-01/kept.ts` }]);

    const again = await startTestApp({ dataDir: restored.dataDir, databaseUrl: restored.databaseUrl });
    const signedIn = await again.signIn('admin', testAdminPassword);
    for (const alert of before) {
      const shown = await again.call('getAlert', { token: signedIn, params: { id: alert.id } });
      expect(shown.body.data).toMatchObject({ id: alert.id, snapshotId: alert.snapshotId });
      const snapshot = await again.app.inject({
        method: 'GET',
        url: `/cfop/files/alert-snapshots/${alert.snapshotId}`,
        headers: { ...clientHeaders, [tokenHeader]: signedIn },
      });
      expect(snapshot.statusCode).toBe(200);
      expect(snapshot.rawPayload.equals(alert.bytes)).toBe(true);
    }
    const listed = await again.call('listAlerts', { token: signedIn, query: { page: 1, pageSize: 1 } });
    expect(listed.body.data.total).toBe(manifest.alerts);
  });

  it('takes a file removed since the snapshot from the quarantine, and no other file of its name', async () => {
    const from = createFolderStorage(tempDir());
    const to = createFolderStorage(tempDir());
    await from.put('quarantine/2030-01-01/12', Buffer.from('older twelve'));
    await from.put('quarantine/2030-01-02/12', Buffer.from('twelve'));
    await from.put('quarantine/2030-01-02/packs/abc', Buffer.from('a pack'));
    const outcome = await copyObjects(
      from,
      to,
      [{ key: 'files/12', size: 6 }, { key: 'files/packs/abc' }, { key: 'files/13', size: 12 }],
      { fromQuarantine: true },
    );
    expect(outcome).toEqual({ copied: 2, bytes: 12, missing: ['files/13'] });
    expect((await readAll(await to.open('files/12'))).toString()).toBe('twelve');
    expect((await readAll(await to.open('files/packs/abc'))).toString()).toBe('a pack');
  });

  it('refuses a backup folder or a data folder that is not empty, and a backup that was changed', async () => {
    const t = await startTestApp();
    const places: DataPlaces = { dataDir: t.dataDir, databaseUrl: knownTestDatabaseUrl(t.dataDir) };
    const full = tempDir();
    writeFileSync(join(full, 'notes.txt'), 'mine');
    expect(await cli(places, 'backup', '--to', full)).toMatchObject({
      code: 1,
      err: `备份目录 ${full} 不是空的：请指定一个空目录或不存在的目录 / The backup folder ${full} is not empty: give an empty folder or one that does not exist yet`,
    });

    const noDatabase = await cli(
      { dataDir: tempDir(), databaseUrl: await emptyDatabaseUrl() },
      'backup',
      '--to',
      join(tempDir(), 'backup'),
    );
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.err).toContain(
      testOnPostgres
        ? 'The backup failed: relation "instance" does not exist'
        : 'There is no database to back up',
    );

    // An empty folder made open to others is closed as DATA_DIR is.
    const to = tempDir();
    chmodSync(to, 0o755);
    expect((await cli(places, 'backup', '--to', to, '--no-recordings')).code).toBe(0);
    expect(statSync(to).mode & 0o777).toBe(0o700);
    const otherKind = await cli(
      {
        dataDir: join(tempDir(), 'new'),
        databaseUrl: testOnPostgres ? undefined : 'postgres://db.invalid/cfop',
      },
      'restore',
      '--from',
      to,
    );
    expect(otherKind.code).toBe(1);
    expect(otherKind.err).toContain(
      testOnPostgres
        ? 'it backs up PostgreSQL (DATABASE_URL), and this server uses SQLite'
        : 'it backs up SQLite, and this server uses PostgreSQL (DATABASE_URL)',
    );
    const occupied = tempDir();
    mkdirSync(join(occupied, 'files'));
    const intoOccupied = await cli({ ...places, dataDir: occupied }, 'restore', '--from', to);
    expect(intoOccupied.code).toBe(1);
    expect(intoOccupied.err).toContain(`The data folder (DATA_DIR) ${occupied} is not empty`);

    const manifest = JSON.parse(readFileSync(join(to, manifestFileName), 'utf8')) as BackupManifest;
    writeFileSync(join(to, manifest.databaseFile), 'not the database');
    const changed = await cli({ ...places, dataDir: join(tempDir(), 'new') }, 'restore', '--from', to);
    expect(changed.code).toBe(1);
    expect(changed.err).toContain('does not match the SHA-256');
  });
});
