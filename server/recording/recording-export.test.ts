import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import { parseAllowedHosts } from '../streams/stream-address';
import { systemClock } from '../kernel/clock';
import { openTestDatabase } from '../test-support/test-database';
import {
  addRole,
  addUser,
  fieldMessages,
  sendRequest,
  startTestApp,
  tempDir,
  testAdminPassword,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';
import { waitUntil } from '../test-support/wait-until';
import { createFolderStorage } from '../storage/folder-storage';
import { recordingStore } from './recording-store';
import { addSegment } from './segment-index';

let stream: TestStream;
beforeAll(async () => {
  stream = await startTestStream();
});
afterAll(async () => {
  await stream.stop();
});

const iso = (ms: number) => new Date(ms).toISOString();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An app reading loopback cameras, recording in 2-second segments, never sweeping during a test. */
async function exportApp() {
  const t = await startTestApp({
    clock: systemClock,
    cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
    recording: { segmentSeconds: 2, minFreeBytes: 0, sweepEveryMs: 3_600_000 },
  });
  const admin = await t.signIn('admin', testAdminPassword);
  const camera = async (code: string, recordingMode: string) => {
    const created = await t.call('createCamera', {
      token: admin,
      body: {
        name: '北门',
        code,
        mainStreamUrl: stream.liveUrl,
        vendor: 'hikvision',
        ip: '10.2.0.1',
        recordingMode,
      },
    });
    return (created.body.data as { id: number }).id;
  };
  return { t, admin, camera };
}

/** Duration (s) and codecs of an MP4, as ffprobe reads them: it fails on a file that is not one. */
async function probeMp4(bytes: Buffer) {
  const file = join(tempDir(), 'export.mp4');
  writeFileSync(file, bytes);
  const { stdout } = await promisify(execFile)('ffprobe', [
    ...['-v', 'error', '-of', 'json', file],
    ...['-show_entries', 'format=duration,format_name:stream=codec_name'],
  ]);
  const probed = JSON.parse(stdout) as {
    format: { duration: string; format_name: string };
    streams: { codec_name: string }[];
  };
  return {
    seconds: Number(probed.format.duration),
    format: probed.format.format_name,
    codecs: probed.streams.map((one) => one.codec_name),
  };
}

/**
 * A minute of a camera's recording from `start`, as a recorder stores it: six 10-second MPEG-TS
 * segments of one run (timestamps continuing), made by ffmpeg from the test pattern at once rather
 * than waited for.
 */
async function storeMinute(t: TestApp, cameraId: number, start: number): Promise<void> {
  const dir = join(tempDir(), 'minute');
  mkdirSync(dir);
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=10'],
    ...['-t', '60', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p'],
    ...['-f', 'segment', '-segment_time', '10', '-segment_format', 'mpegts', join(dir, '%d.ts')],
  ]);
  const store = recordingStore(createFolderStorage(t.dataDir));
  const db = await openTestDatabase(t.dataDir);
  try {
    for (let n = 0; n < 6; n += 1) {
      const key = `${cameraId}/${iso(start).slice(0, 10)}/minute-${n}.ts`;
      const bytes = await store.put(key, join(dir, `${n}.ts`));
      const [from, to] = [start + n * 10_000, start + (n + 1) * 10_000];
      await addSegment(db, {
        camera_id: cameraId,
        started_at: iso(from),
        ended_at: iso(to),
        bytes,
        store_key: key,
        run: 'minute',
        awaiting_alert: 0,
      });
    }
  } finally {
    await db.destroy();
  }
}

describe("exporting a range of a camera's recording", () => {
  it('answers a minute as an MP4 whose SHA-256 the answer and the operation log give', async () => {
    const { t, admin, camera } = await exportApp();
    const id = await camera('EXP-1', 'off');
    const start = Date.now() - 5 * 60_000;
    await storeMinute(t, id, start);

    const path = `/cfop/recordings/cameras/${id}/export.mp4?from=${iso(start)}&to=${iso(start + 60_000)}`;
    const mp4 = await sendRequest(t.app, 'GET', path, { token: admin });

    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const digest = sha256(mp4.rawPayload);
    expect(mp4.headers['x-content-sha256']).toBe(digest);
    const probed = await probeMp4(mp4.rawPayload);
    expect(probed.format).toContain('mp4');
    expect(probed.codecs).toEqual(['h264']);
    expect(probed.seconds).toBeGreaterThan(59);
    expect(probed.seconds).toBeLessThan(61);

    // Who took which camera's footage, of which period, with the digest of the very bytes.
    const log = await t.call('listOperationLogs', { token: admin, lang: 'en-US' });
    const entry = log.body.data.items.find((item: { action: string }) => item.action === 'exportRecording');
    expect(entry).toMatchObject({ username: 'admin', target: `#${id} 北门`, result: 'success' });
    expect(entry.detail).toContain(`SHA-256 ${digest}`);
    expect(entry.detail).toMatch(/^period \d{4}-\d\d-\d\d \d\d:\d\d:\d\d to /);
  });

  it('exports what a test camera recorded', async () => {
    const { t, admin, camera } = await exportApp();
    const id = await camera('EXP-2', 'continuous');
    type Row = { started_at: string; ended_at: string };
    const rows = () =>
      withSqlite(t.dataDir, (sqlite) =>
        sqlite.prepare('select started_at, ended_at from recording_segments order by started_at').all(),
      ) as Row[];
    await waitUntil(() => rows().length >= 3, 'three recorded segments');
    const recorded = rows().slice(0, 3);
    const [from, to] = [(recorded[0] as Row).started_at, (recorded[2] as Row).ended_at];

    const mp4 = await sendRequest(
      t.app,
      'GET',
      `/cfop/recordings/cameras/${id}/export.mp4?from=${from}&to=${to}`,
      {
        token: admin,
      },
    );

    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['x-content-sha256']).toBe(sha256(mp4.rawPayload));
    const probed = await probeMp4(mp4.rawPayload);
    expect(probed.codecs).toEqual(['h264']);
    expect(probed.seconds).toBeGreaterThanOrEqual(4);
  });

  it('refuses a range over 30 minutes, nothing recorded, and a caller without the export key', async () => {
    const { t, admin, camera } = await exportApp();
    const id = await camera('EXP-3', 'off');
    const start = Date.now() - 3_600_000;
    const url = (from: number, to: number) =>
      `/cfop/recordings/cameras/${id}/export.mp4?from=${iso(from)}&to=${iso(to)}`;

    const long = await sendRequest(t.app, 'GET', url(start, start + 30 * 60_000 + 1000), { token: admin });
    expect(long.statusCode).toBe(400);
    expect(fieldMessages(long.json())).toEqual({ 'query.to': '时间范围不能超过 30 分钟' });
    const none = await sendRequest(t.app, 'GET', url(start, start + 60_000), { token: admin });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: '404', msg: '该时段没有录像' });

    await addRole(t.dataDir, 'playback', ['KEY.CENTER', 'KEY.CENTER.PLAYBACK']);
    await addUser(t.dataDir, { username: 'watcher', password: 'Watcher-2024', roles: ['playback'] });
    const watcher = await t.signIn('watcher', 'Watcher-2024');
    const refused = await sendRequest(t.app, 'GET', url(start, start + 60_000), { token: watcher });
    expect(refused.statusCode).toBe(403);
    // Each try is in the log, refused or not.
    const log = await t.call('listOperationLogs', { token: admin });
    const tries = log.body.data.items.filter((item: { action: string }) => item.action === 'exportRecording');
    expect(tries.map((item: { code: string }) => item.code).sort()).toEqual(['400', '403', '404']);
  });
});
