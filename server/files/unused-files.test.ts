import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { later } from '../clock';
import { openDatabase } from '../db/open-database';
import { multipartFile, pngBytes } from '../test-support/multipart';
import {
  clientHeaders,
  filesOnDisk,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';
import { filesDir, incomingDir } from './file-store';
import { removeUnusedFiles, unusedFileGraceMs } from './unused-files';

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

/** One sweep as the app runs it, with the app's clock for rows and the real one for bytes on disk. */
async function sweep(t: TestApp): Promise<number> {
  const db = await openDatabase(t.dataDir);
  try {
    return await removeUnusedFiles(db, t.dataDir, {
      stored: later(t.clock.now(), -unusedFileGraceMs),
      written: later(new Date(), -unusedFileGraceMs),
    });
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
    const stray = join(filesDir(t.dataDir), '9999');
    const halfReceived = join(incomingDir(t.dataDir), 'upload-1');
    const receiving = join(incomingDir(t.dataDir), 'upload-2');
    for (const path of [stray, halfReceived, receiving]) writeFileSync(path, 'bytes');
    const twoDaysAgo = new Date(Date.now() - hours(48));
    utimesSync(stray, twoDaysAgo, twoDaysAgo);
    utimesSync(halfReceived, twoDaysAgo, twoDaysAgo);

    expect(await sweep(t)).toBe(0);
    expect(filesOnDisk(t.dataDir)).toEqual([join('.incoming', 'upload-2')]);
  });

  it('are looked for when the server starts', async () => {
    const first = await startTestApp();
    await uploadPhoto(first, await first.signIn('admin', testAdminPassword));
    await first.app.close();
    const dayLater = later(first.clock.now(), hours(25));
    const second = await startTestApp({ dataDir: first.dataDir, clock: { now: () => dayLater } });
    // Closing waits for the background work the start began.
    await second.app.close();
    expect(fileIds(first)).toEqual([]);
  });
});
