import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-database';
import { alertWorld, testAlertHooks } from '../test-support/alert-world';
import { jpegBytes, pngBytes } from '../test-support/multipart';
import {
  callOperation,
  clientHeaders,
  fieldMessages,
  filesOnDisk,
  snapshotRows,
  tokenHeader,
  withSqlite,
} from '../test-support/test-app';
import { removeExpiredAlerts } from './alert-tasks';
import { createFolderStorage } from '../storage/folder-storage';

type World = Awaited<ReturnType<typeof alertWorld>>;

/** A report as the one-call form takes it: without snapshotId, which its file part fills. */
const reportOf = (world: World, change: Record<string, unknown> = {}) => {
  const report: Record<string, unknown> = world.report(change);
  delete report.snapshotId;
  return report;
};

const counts = (dataDir: string) =>
  withSqlite(dataDir, (sqlite) => ({
    alerts: (sqlite.prepare('select count(*) as n from alerts').get() as { n: number }).n,
    files: (sqlite.prepare('select count(*) as n from files').get() as { n: number }).n,
  }));

describe('an alert sent with its snapshot in one call', () => {
  it('stores the alert naming its snapshot, whichever part comes first', async () => {
    const world = await alertWorld();
    const { t, token, postAlertWithSnapshot } = world;
    const before = counts(t.dataDir);
    const answer = await postAlertWithSnapshot(reportOf(world, { label: '吸烟' }), pngBytes);
    expect(answer.statusCode).toBe(200);
    const { body } = { body: answer.json() as { data: { id: number; snapshotId: number; label: string } } };
    expect(body.data.label).toBe('吸烟');
    expect(counts(t.dataDir)).toEqual({ alerts: before.alerts + 1, files: before.files + 1 });
    const snapshot = await t.app.inject({
      method: 'GET',
      url: `/cfop/files/alert-snapshots/${body.data.snapshotId}`,
      headers: { ...clientHeaders, [tokenHeader]: token },
    });
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-type']).toBe('image/png');
    expect(snapshot.rawPayload.equals(pngBytes)).toBe(true);

    const reversed = await postAlertWithSnapshot(reportOf(world), pngBytes, true);
    expect(reversed.statusCode).toBe(200);
    expect(counts(t.dataDir)).toEqual({ alerts: before.alerts + 2, files: before.files + 2 });
    expect(filesOnDisk(t.dataDir).filter((name) => name.startsWith('.incoming'))).toEqual([]);
  });

  it('answers the alert as getAlert then shows it, each new one a revision above the last', async () => {
    const world = await alertWorld();
    const { t, token, postAlertWithSnapshot } = world;
    const answered: number[] = [];
    for (const label of ['吸烟', '未戴安全帽']) {
      const answer = await postAlertWithSnapshot(reportOf(world, { label }), pngBytes);
      const { data } = answer.json() as { data: { id: number } };
      const shown = await callOperation(t.app, 'getAlert', { token, params: { id: data.id } });
      expect(shown.body.data).toEqual(data);
      answered.push(data.id);
    }
    const revisions = withSqlite(t.dataDir, (sqlite) =>
      answered.map(
        (id) =>
          (sqlite.prepare('select revision from alerts where id = ?').get(id) as { revision: number })
            .revision,
      ),
    );
    expect(revisions[1]).toBe((revisions[0] as number) + 1);
  });

  it('takes the alert part typed application/json, as the contract describes it', async () => {
    const world = await alertWorld();
    const typed = await world.postAlertWithSnapshot(
      reportOf(world, { label: '吸烟' }),
      pngBytes,
      false,
      'application/json',
    );
    expect(typed.statusCode).toBe(200);
    expect((typed.json() as { data: { label: string } }).data.label).toBe('吸烟');
  });

  it('repeated with its sourceId stores neither file nor alert again, and answers the first', async () => {
    const world = await alertWorld();
    const { t, postAlertWithSnapshot } = world;
    const first = await postAlertWithSnapshot(reportOf(world, { sourceId: 'frame-7' }));
    expect(first.statusCode).toBe(200);
    const rows = snapshotRows(t.dataDir);
    const files = filesOnDisk(t.dataDir);
    t.clock.advance(30_000);
    const retry = await postAlertWithSnapshot(reportOf(world, { sourceId: 'frame-7' }), pngBytes);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // Sent 10 times at once, as a box retrying over a flaky link might.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => postAlertWithSnapshot(reportOf(world, { sourceId: 'frame-7' }))),
    );
    expect(burst.map((answer) => answer.json())).toEqual(Array(10).fill(first.json()));
    expect(snapshotRows(t.dataDir)).toEqual(rows);
    expect(filesOnDisk(t.dataDir)).toEqual(files);
  });

  it('sent 5 times in one batch before it was ever stored, stores one alert and one file', async () => {
    const world = await alertWorld();
    const { t, postAlertWithSnapshot } = world;
    const before = counts(t.dataDir);
    // The first goes alone; the five ask while it runs, and share the next batch.
    const [alone, ...burst] = await Promise.all([
      postAlertWithSnapshot(reportOf(world, { sourceId: 'frame-1' })),
      ...Array.from({ length: 5 }, () => postAlertWithSnapshot(reportOf(world, { sourceId: 'frame-2' }))),
    ]);
    expect(alone?.statusCode).toBe(200);
    const stored = burst[0]?.json();
    expect(burst.map((answer) => answer.json())).toEqual(Array(5).fill(stored));
    expect(counts(t.dataDir)).toEqual({ alerts: before.alerts + 2, files: before.files + 2 });
  });

  it.each([
    [
      'a camera of another server',
      (w: World) => ({ alert: reportOf(w, { cameraId: w.foreign.id, taskId: undefined }) }),
      'alert.cameraId',
    ],
    [
      'a bad box',
      (w: World) => ({ alert: reportOf(w, { boxes: [{ x: 0.9, y: 0, width: 0.5, height: 0.1 }] }) }),
      'alert.boxes[0].width',
    ],
    [
      'an image of a type not allowed',
      (w: World) => ({ alert: reportOf(w), bytes: Buffer.from('GIF89a not really') }),
      'file',
    ],
  ])('refuses %s with a 400 naming it, storing nothing', async (_case, sent, field) => {
    const world = await alertWorld();
    const { t, postAlertWithSnapshot } = world;
    const rows = snapshotRows(t.dataDir);
    const files = filesOnDisk(t.dataDir);
    const { alert, bytes } = sent(world) as { alert: Record<string, unknown>; bytes?: Buffer };
    const answer = await postAlertWithSnapshot(alert, bytes);
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(answer.json()))).toEqual([field]);
    expect(snapshotRows(t.dataDir)).toEqual(rows);
    expect(filesOnDisk(t.dataDir)).toEqual(files);
  });

  it('over the alert quota answers 429 and keeps no file', async () => {
    const world = await alertWorld({ ingest: { alertsPerSecond: 1, alertBurst: 1 } });
    const { t, postAlertWithSnapshot } = world;
    expect((await postAlertWithSnapshot(reportOf(world))).statusCode).toBe(200);
    const rows = snapshotRows(t.dataDir);
    const files = filesOnDisk(t.dataDir);
    const refused = await postAlertWithSnapshot(reportOf(world));
    expect(refused.statusCode).toBe(429);
    expect(snapshotRows(t.dataDir)).toEqual(rows);
    expect(filesOnDisk(t.dataDir)).toEqual(files);
  });
});

describe('an alert sent with its snapshot beyond the snapshot bytes an hour', () => {
  it('answers 429 with the wait, keeps neither, and is taken once the bucket refilled', async () => {
    const world = await alertWorld({ ingest: { snapshotMbPerHour: 1 } });
    const { t, postAlertWithSnapshot } = world;
    const frame = Buffer.concat([jpegBytes, Buffer.alloc(400 * 1024)]);
    // Two fit the megabyte; the third is 176 KB short, which comes back in 620 s.
    expect((await postAlertWithSnapshot(reportOf(world), frame)).statusCode).toBe(200);
    expect((await postAlertWithSnapshot(reportOf(world), frame)).statusCode).toBe(200);
    const before = counts(t.dataDir);
    const refused = await postAlertWithSnapshot(reportOf(world), frame);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('620');
    expect(counts(t.dataDir)).toEqual(before);
    t.clock.advance(619_000);
    expect((await postAlertWithSnapshot(reportOf(world), frame)).statusCode).toBe(429);
    t.clock.advance(1_000);
    expect((await postAlertWithSnapshot(reportOf(world), frame)).statusCode).toBe(200);
  });
});

describe('the snapshots of alerts sent at once', () => {
  it('share a pack, each served as sent; a refused one leaves no bytes; the pack goes with its last alert', async () => {
    const world = await alertWorld();
    const { t, token, postAlertWithSnapshot } = world;
    // Each frame its own bytes after the JPEG's end, as a camera's frames differ.
    const frames = [1, 2, 3, 4, 5].map((n) => Buffer.concat([jpegBytes, Buffer.alloc(n * 100, n)]));
    const badBox = { boxes: [{ x: 0.9, y: 0, width: 0.5, height: 0.1 }] };
    const answers = await Promise.all([
      ...frames.map((frame) => postAlertWithSnapshot(reportOf(world), frame)),
      postAlertWithSnapshot(reportOf(world, badBox), Buffer.concat([jpegBytes, Buffer.alloc(5000, 9)])),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 400]);
    const snapshotIds = answers
      .slice(0, frames.length)
      .map((answer) => (answer.json() as { data: { snapshotId: number } }).data.snapshotId);
    for (const [index, id] of snapshotIds.entries()) {
      const served = await t.app.inject({
        method: 'GET',
        url: `/cfop/files/alert-snapshots/${id}`,
        headers: { ...clientHeaders, [tokenHeader]: token },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-length']).toBe(String(frames[index]?.length));
      expect(served.rawPayload.equals(frames[index] as Buffer)).toBe(true);
    }
    const packs = filesOnDisk(t.dataDir).filter((name) => name.startsWith('packs/'));
    expect(packs.length).toBeGreaterThan(0);
    expect(packs.length).toBeLessThan(frames.length);
    const packedBytes = packs.reduce((sum, name) => sum + statSync(join(t.dataDir, 'files', name)).size, 0);
    expect(packedBytes).toBe(frames.reduce((sum, frame) => sum + frame.length, 0));

    t.clock.advance(31 * 86_400_000);
    const db = await openTestDatabase(t.dataDir);
    try {
      expect(
        await removeExpiredAlerts(
          { db, clock: t.clock, storage: createFolderStorage(t.dataDir), alertHooks: testAlertHooks },
          30,
        ),
      ).toBe(frames.length);
    } finally {
      await db.destroy();
    }
    expect(filesOnDisk(t.dataDir).filter((name) => name.startsWith('packs/'))).toEqual([]);
    const packedRows = withSqlite(t.dataDir, (sqlite) =>
      sqlite.prepare('select id from files where pack is not null').all(),
    );
    expect(packedRows).toEqual([]);
  });
});
