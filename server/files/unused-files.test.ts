import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { later } from '../kernel/clock';
import { identifyInstance, instanceIdFileName } from '../data-folder/instance-identity';
import { databaseFileName } from '../db/open-database';
import { openTestDatabase } from '../test-support/test-database';
import { multipartFile, pngBytes } from '../test-support/multipart';
import {
  capturedLog,
  clientHeaders,
  filesOnDisk,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';
import { filesDir, incomingDir } from './file-store';
import { createFolderStorage } from '../storage/folder-storage';
import { createUnusedFileSweep } from '../data-folder/unused-file-sweep';
import { removeUnusedFiles, unusedFileGraceMs } from './unused-files';
import { testOnPostgres } from '../test-support/test-database';

const hours = (n: number) => n * 3_600_000;

async function uploadPhoto(t: TestApp, token: string): Promise<number> {
  const { payload, headers } = multipartFile(pngBytes, { fileName: 'face.png' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/cfop/files/staff-photos',
    headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
    payload,
  });
  const answer = response.json() as { success: boolean; msg: string; data: { id: number } };
  if (!answer.success) throw new Error(answer.msg);
  return answer.data.id;
}

/**
 * One sweep as the app runs it on a database at least a day old, with the app's clock for rows and
 * the real one for bytes on disk; answers how many rows went.
 */
async function sweep(t: TestApp): Promise<number> {
  const db = await openTestDatabase(t.dataDir);
  try {
    const outcome = await removeUnusedFiles(
      db,
      createFolderStorage(t.dataDir),
      { stored: later(t.clock.now(), -unusedFileGraceMs), written: later(new Date(), -unusedFileGraceMs) },
      { keepStrays: false, now: t.clock.now() },
    );
    return outcome.rows;
  } finally {
    await db.destroy();
  }
}

const fileIds = (t: TestApp) =>
  withSqlite(t.dataDir, (sqlite) =>
    (sqlite.prepare('select id from files order by id').all() as { id: number }[]).map((row) => row.id),
  );

describe('unused stored files', () => {
  it('go a day after nothing names them: abandoned uploads and replaced photos; named and recent ones stay', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const kept = await uploadPhoto(t, token);
    const replaced = await uploadPhoto(t, token);
    await uploadPhoto(t, token); // its form was never saved
    const { body } = await t.call('createStaff', {
      token,
      body: { employeeNo: 'E0001', name: '员工1', gender: 'male', facePhotoId: replaced },
    });
    expect(body.success, body.msg).toBe(true);
    const staffId = body.data.id as number;
    const update = await t.call('updateStaff', {
      token,
      params: { id: staffId },
      body: { employeeNo: 'E0001', name: '员工1', gender: 'male', facePhotoId: kept },
    });
    expect(update.body.success, update.body.msg).toBe(true);

    t.clock.advance(hours(23));
    // The morning's session has ended by now.
    const recent = await uploadPhoto(t, await t.signIn('admin', testAdminPassword));
    expect(await sweep(t)).toBe(0);

    t.clock.advance(hours(2));
    expect(await sweep(t)).toBe(2);
    expect(fileIds(t)).toEqual([kept, recent]);
    expect(filesOnDisk(t.dataDir).sort()).toEqual([String(kept), String(recent)].sort());

    // Deleting the staff member leaves the photo unnamed: it goes a day later.
    const deleted = await t.call('deleteStaff', {
      token: await t.signIn('admin', testAdminPassword),
      params: { id: staffId },
    });
    expect(deleted.body.success, deleted.body.msg).toBe(true);
    t.clock.advance(hours(25));
    expect(await sweep(t)).toBe(2);
    expect(fileIds(t)).toEqual([]);
  });

  it('clears bytes without a row and uploads left half-received, once they are a day old', async () => {
    const t = await startTestApp();
    mkdirSync(incomingDir(t.dataDir), { recursive: true });
    mkdirSync(join(filesDir(t.dataDir), 'packs'), { recursive: true });
    const stray = join(filesDir(t.dataDir), '9999');
    // A batch's pack whose rows never committed (the server stopped between the two).
    const strayPack = join(filesDir(t.dataDir), 'packs', 'a1b2c3');
    const halfReceived = join(incomingDir(t.dataDir), 'upload-1');
    const receiving = join(incomingDir(t.dataDir), 'upload-2');
    for (const path of [stray, strayPack, halfReceived, receiving]) writeFileSync(path, 'bytes');
    const twoDaysAgo = new Date(Date.now() - hours(48));
    for (const path of [stray, strayPack, halfReceived]) utimesSync(path, twoDaysAgo, twoDaysAgo);

    expect(await sweep(t)).toBe(0);
    expect(filesOnDisk(t.dataDir)).toEqual([join('.incoming', 'upload-2')]);
  });

  it('are looked for when the server starts', async () => {
    const first = await startTestApp();
    await uploadPhoto(first, await first.signIn('admin', testAdminPassword));
    await first.app.close();
    // On PostgreSQL the sweep runs once per interval across servers, by the database's clock: the
    // first start's run must lie a day back, as the test's clock says it does.
    if (testOnPostgres) {
      const db = await openTestDatabase(first.dataDir);
      await sql`update job_runs set last_run_at = last_run_at - interval '25 hours'`.execute(db);
      await db.destroy();
    }
    const dayLater = later(first.clock.now(), hours(25));
    const second = await startTestApp({ dataDir: first.dataDir, clock: { now: () => dayLater } });
    // Closing waits for the background work the start began.
    await second.app.close();
    expect(fileIds(first)).toEqual([]);
  });
});

/** Sets the modification time of every stored file back by `ms`, as if written that long ago. */
function backDateFiles(dataDir: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  for (const name of filesOnDisk(dataDir)) utimesSync(join(filesDir(dataDir), name), then, then);
}

/** The app's hourly sweep, run by hand on the data folder with the app's clock; logs into `lines`. */
async function sweepAsTheAppDoes(t: TestApp, quarantineDays: number, lines: string[]) {
  const db = await openTestDatabase(t.dataDir);
  try {
    const record = (message: string) => void lines.push(message);
    await createUnusedFileSweep({
      db,
      dataDir: t.dataDir,
      storage: createFolderStorage(t.dataDir),
      clock: t.clock,
      log: { info: record, warn: record },
      instance: await identifyInstance(db, t.dataDir, t.clock),
      quarantineDays,
    })();
  } finally {
    await db.destroy();
  }
}

// An empty SQLite file put in the folder's database's place.
describe.skipIf(testOnPostgres)("a database that does not know the folder's stored files", () => {
  it.each([
    ['an empty file left by a failed restore', false],
    ["an empty file, the folder's instance id deleted too", true],
  ])('(%s) removes none of them, and the server says so once', async (_case, dropInstanceId) => {
    const first = await startTestApp();
    const token = await first.signIn('admin', testAdminPassword);
    const photos = [];
    for (let i = 0; i < 5; i += 1) photos.push(await uploadPhoto(first, token));
    for (const [i, facePhotoId] of photos.slice(0, 3).entries()) {
      const { body } = await first.call('createStaff', {
        token,
        body: { employeeNo: `E000${i}`, name: `员工${i}`, gender: 'male', facePhotoId },
      });
      expect(body.success, body.msg).toBe(true);
    }
    await first.app.close();
    const stored = filesOnDisk(first.dataDir);
    expect(stored).toHaveLength(5);
    backDateFiles(first.dataDir, hours(48));
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(join(first.dataDir, `${databaseFileName}${suffix}`), { force: true });
    writeFileSync(join(first.dataDir, databaseFileName), '');
    if (dropInstanceId) rmSync(join(first.dataDir, instanceIdFileName));

    const log = capturedLog();
    const dayLater = later(first.clock.now(), hours(48));
    const second = await startTestApp({
      dataDir: first.dataDir,
      clock: { now: () => dayLater },
      logger: log.logger,
    });
    // Closing waits for the sweep the start began.
    await second.app.close();
    expect(filesOnDisk(first.dataDir)).toEqual(stored);
    expect(existsSync(join(first.dataDir, 'quarantine'))).toBe(false);
    const warnings = log.lines.filter((line) => line.level === 40 && line.msg.includes('stored files'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toContain('5 stored files');
  });
});

describe('removed stored files', () => {
  it('wait in the quarantine folder for the configured days, then go; both steps are logged', async () => {
    const t = await startTestApp();
    const abandoned = await uploadPhoto(t, await t.signIn('admin', testAdminPassword));
    backDateFiles(t.dataDir, hours(48));
    const lines: string[] = [];
    t.clock.advance(hours(25));
    const day = t.clock.now().toISOString().slice(0, 10);
    const quarantined = join(join(t.dataDir, 'quarantine'), day, String(abandoned));
    await sweepAsTheAppDoes(t, 3, lines);
    expect(filesOnDisk(t.dataDir)).toEqual([]);
    expect(existsSync(quarantined)).toBe(true);
    expect(lines).toEqual([expect.stringContaining(`moved 1 unused stored files (1 no longer named) to`)]);

    t.clock.advance(hours(24 * 3));
    await sweepAsTheAppDoes(t, 3, lines);
    expect(existsSync(quarantined)).toBe(true);

    t.clock.advance(hours(24));
    await sweepAsTheAppDoes(t, 3, lines);
    expect(existsSync(quarantined)).toBe(false);
    expect(lines.slice(1)).toEqual([`deleted 1 files quarantined on ${day}, past the 3 days they are kept`]);
  });

  it('are not taken from a database less than a day old when it does not know them', async () => {
    const t = await startTestApp();
    mkdirSync(filesDir(t.dataDir), { recursive: true });
    writeFileSync(join(filesDir(t.dataDir), '9999'), 'bytes');
    backDateFiles(t.dataDir, hours(48));
    const lines: string[] = [];
    await sweepAsTheAppDoes(t, 30, lines);
    expect(filesOnDisk(t.dataDir)).toEqual(['9999']);
    expect(lines).toEqual([expect.stringContaining('kept 1 stored files')]);

    t.clock.advance(hours(25));
    await sweepAsTheAppDoes(t, 30, lines);
    expect(filesOnDisk(t.dataDir)).toEqual([]);
  });
});
