import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import { parseAllowedHosts } from '../streams/stream-address';
import { systemClock } from '../kernel/clock';
import { openTestDatabase, testOnPostgres } from '../test-support/test-database';
import {
  addRole,
  addUser,
  sendRequest,
  snapshotRows,
  startTestApp,
  tempDir,
  testAdminPassword,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';
import { waitUntil } from '../test-support/wait-until';
import { addAlert } from '../test-support/recording-test-kit';
import { clipFileName } from './clip-mp4';
import { recordingSpoolDir } from './recordings';

let stream: TestStream;
beforeAll(async () => {
  stream = await startTestStream();
});
afterAll(async () => {
  await stream.stop();
});

const preSeconds = 3;
const postSeconds = 3;

type Row = { id: number; started_at: string; ended_at: string; awaiting_alert: number };
const segmentRows = (t: TestApp, cameraId: number) =>
  withSqlite(t.dataDir, (sqlite) =>
    sqlite
      .prepare(
        'select id, started_at, ended_at, awaiting_alert from recording_segments where camera_id = ? order by started_at',
      )
      .all(cameraId),
  ) as Row[];

async function alertOf(t: TestApp, cameraId: number, occurredAt: string): Promise<number> {
  const db = await openTestDatabase(t.dataDir);
  await addAlert(db, cameraId, occurredAt);
  const row = await db
    .selectFrom('alerts')
    .select('id')
    .where('camera_id', '=', cameraId)
    .where('occurred_at', '=', occurredAt)
    .executeTakeFirstOrThrow();
  await db.destroy();
  return row.id;
}

/** Duration (s) and creation time of an MP4, as ffprobe reads them. */
async function probeMp4(path: string) {
  const { stdout } = await promisify(execFile)('ffprobe', [
    ...['-v', 'error', '-of', 'json', path],
    ...['-show_entries', 'format=duration,format_name:format_tags=creation_time:stream=codec_name'],
  ]);
  const probed = JSON.parse(stdout) as {
    format: { duration: string; format_name: string; tags?: { creation_time?: string } };
    streams: { codec_name: string }[];
  };
  return {
    seconds: Number(probed.format.duration),
    createdAt: probed.format.tags?.creation_time ?? '',
    format: probed.format.format_name,
    codecs: probed.streams.map((one) => one.codec_name),
  };
}

/**
 * An app recording the loopback test stream around alerts only, in 2-second segments, whose sweep
 * never runs: its segments all still await an alert, as a new alert's are.
 */
const clipServer = 'clip-test';

async function clipApp(maxClipExports = 2) {
  const t = await startTestApp({
    clock: systemClock,
    serverName: clipServer,
    cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
    recording: {
      segmentSeconds: 2,
      minFreeBytes: 0,
      alertPreSeconds: preSeconds,
      alertPostSeconds: postSeconds,
      maxClipExports,
      sweepEveryMs: 3_600_000,
    },
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

/** An alert whose whole clip window is recorded: answers its id and time. */
async function recordedAlert(t: TestApp, cameraId: number) {
  await waitUntil(() => segmentRows(t, cameraId).length > 0, 'a first segment');
  const first = segmentRows(t, cameraId)[0] as Row;
  const at = Date.parse(first.started_at) + (preSeconds + 1) * 1000;
  await waitUntil(
    () => segmentRows(t, cameraId).some((row) => Date.parse(row.ended_at) >= at + postSeconds * 1000),
    'segments past the alert',
  );
  const occurredAt = new Date(at).toISOString();
  return { id: await alertOf(t, cameraId, occurredAt), at, occurredAt };
}

describe("an alert's clip", () => {
  it('plays and downloads the recording from before to after the alert, from segments awaiting the sweep', async () => {
    const { t, admin, camera } = await clipApp();
    const cameraId = await camera('CLIP-1', 'alerts');
    const alert = await recordedAlert(t, cameraId);
    const rows = segmentRows(t, cameraId);
    // The sweep has not decided on them: playback does not show them, the alert's clip does.
    expect(rows.every((row) => row.awaiting_alert === 1)).toBe(true);

    const clip = await t.call('getAlertClip', { token: admin, params: { id: alert.id } });
    const from = new Date(alert.at - preSeconds * 1000).toISOString();
    const to = new Date(alert.at + postSeconds * 1000).toISOString();
    expect(clip.body.data).toMatchObject({ from, to, complete: true, recordingMode: 'alerts' });
    expect(clip.body.data.start <= from).toBe(true);
    expect(clip.body.data.end >= to).toBe(true);

    const base = `/cfop/alerts/${alert.id}/clip/index.m3u8`;
    const playlist = await sendRequest(t.app, 'GET', base, { token: admin });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const inClip = rows.filter((row) => row.started_at < to && row.ended_at > from);
    const uris = playlist.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(uris).toEqual(inClip.map((row) => `segments/${row.id}.ts`));
    expect(playlist.body).toContain(`#EXT-X-PROGRAM-DATE-TIME:${(inClip[0] as Row).started_at}`);
    const segmentUrl = (id: number) => new URL(`segments/${id}.ts`, `http://console.test${base}`).pathname;
    const segment = await sendRequest(t.app, 'GET', segmentUrl((inClip[0] as Row).id), { token: admin });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47);
    // A segment of the camera outside the clip is not the alert holder's to read.
    const outside = rows.find((row) => row.ended_at <= from || row.started_at >= to);
    if (outside) {
      const refused = await sendRequest(t.app, 'GET', segmentUrl(outside.id), { token: admin });
      expect(refused.statusCode).toBe(404);
    }

    const mp4 = await sendRequest(t.app, 'GET', `/cfop/alerts/${alert.id}/clip.mp4`, { token: admin });
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(String(mp4.headers['content-disposition'])).toContain(
      encodeURIComponent(clipFileName('北门', alert.occurredAt, 'Asia/Shanghai')),
    );
    // The file's SHA-256 comes with it and stays in the operation log with who took it.
    const digest = createHash('sha256').update(mp4.rawPayload).digest('hex');
    expect(mp4.headers['x-content-sha256']).toBe(digest);
    const log = await t.call('listOperationLogs', { token: admin });
    const entry = log.body.data.items.find((item: { action: string }) => item.action === 'downloadAlertClip');
    expect(entry).toMatchObject({
      username: 'admin',
      target: `#${alert.id} 北门`,
      detail: `SHA-256 ${digest}`,
    });
    const file = join(tempDir(), 'clip.mp4');
    writeFileSync(file, mp4.rawPayload);
    const probed = await probeMp4(file);
    expect(probed.format).toContain('mp4');
    expect(probed.codecs).toEqual(['h264']);
    // It starts before the pre-alert window and lasts past the post-alert one. A segment's times are
    // the server's clock as it finishes, within a second of its frames' own: hence the leeway.
    const start = Date.parse(probed.createdAt);
    expect(start).toBeLessThanOrEqual(alert.at - preSeconds * 1000);
    expect(probed.seconds).toBeGreaterThanOrEqual(preSeconds + postSeconds);
    expect(start + probed.seconds * 1000).toBeGreaterThanOrEqual(alert.at + postSeconds * 1000 - 1000);
    // The joined file is sent and removed.
    const clipDir = join(recordingSpoolDir(t.dataDir, testOnPostgres ? clipServer : undefined), 'clips');
    await waitUntil(() => readdirSync(clipDir).length === 0, 'the joined file to go');
  });

  it('says 404 "no recording covers this alert" for a camera that records nothing', async () => {
    const { t, admin, camera } = await clipApp();
    const cameraId = await camera('CLIP-2', 'off');
    const id = await alertOf(t, cameraId, new Date(Date.now() - 60_000).toISOString());
    const clip = await t.call('getAlertClip', { token: admin, params: { id } });
    expect(clip.body.data).toMatchObject({ start: null, end: null, complete: true, recordingMode: 'off' });
    for (const path of [`/cfop/alerts/${id}/clip/index.m3u8`, `/cfop/alerts/${id}/clip.mp4`]) {
      const none = await sendRequest(t.app, 'GET', path, { token: admin });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ success: false, code: '404', msg: '没有覆盖该告警的录像' });
    }
    const unknown = await t.call('getAlertClip', { token: admin, params: { id: id + 1000 } });
    expect(unknown.status).toBe(404);
  });

  it('refuses bad ids and names with a 400 writing nothing, and answers only to the alert key', async () => {
    const { t, admin, camera } = await clipApp();
    const cameraId = await camera('CLIP-3', 'off');
    const id = await alertOf(t, cameraId, new Date(Date.now() - 60_000).toISOString());
    const before = snapshotRows(t.dataDir);
    for (const path of [
      '/cfop/alerts/abc/clip',
      '/cfop/alerts/0/clip.mp4',
      `/cfop/alerts/${id}/clip/segments/..%2Fx.ts`,
      `/cfop/alerts/${id}/clip/segments/12.mp4`,
    ]) {
      const bad = await sendRequest(t.app, 'GET', path, { token: admin });
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, code: '400' });
    }
    expect(snapshotRows(t.dataDir)).toEqual(before);

    await addRole(t.dataDir, 'alerts-only', ['KEY.CENTER', 'KEY.CENTER.AIWARN']);
    await addRole(t.dataDir, 'video-only', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
    await addUser(t.dataDir, { username: 'guard', password: 'Guard-2024', roles: ['alerts-only'] });
    await addUser(t.dataDir, { username: 'watcher', password: 'Watcher-2024', roles: ['video-only'] });
    const guard = await t.signIn('guard', 'Guard-2024');
    const watcher = await t.signIn('watcher', 'Watcher-2024');
    // The alert's holder gets its clip without the video key; the video key alone does not.
    expect((await t.call('getAlertClip', { token: guard, params: { id } })).status).toBe(200);
    for (const operationId of ['getAlertClip', 'getAlertClipPlaylist', 'downloadAlertClip']) {
      const refused = await t.call(operationId, { token: watcher, params: { id } });
      expect(refused.status, operationId).toBe(403);
    }
    const anonymous = await sendRequest(t.app, 'GET', `/cfop/alerts/${id}/clip.mp4`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('makes at most CFOP_RECORDING_MAX_CLIP_EXPORTS MP4 files at once, refusing more with a 503', async () => {
    const { t, admin, camera } = await clipApp(1);
    const cameraId = await camera('CLIP-4', 'continuous');
    const alert = await recordedAlert(t, cameraId);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        sendRequest(t.app, 'GET', `/cfop/alerts/${alert.id}/clip.mp4`, { token: admin }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]?.headers['retry-after']).toBeDefined();
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    // Once they are done, the next is made.
    const after = await sendRequest(t.app, 'GET', `/cfop/alerts/${alert.id}/clip.mp4`, { token: admin });
    expect(after.statusCode).toBe(200);
  });

  it('is not complete while the after-alert window is still being recorded, and says when it will be', async () => {
    const { t, admin, camera } = await clipApp();
    const cameraId = await camera('CLIP-5', 'continuous');
    await waitUntil(() => segmentRows(t, cameraId).length > 0, 'a first segment');
    const at = Date.now();
    const id = await alertOf(t, cameraId, new Date(at).toISOString());
    const clip = await t.call('getAlertClip', { token: admin, params: { id } });
    // Ready once the segment holding the window's end is finished: its length and a key frame later.
    expect(clip.body.data).toMatchObject({
      complete: false,
      recordingMode: 'continuous',
      readyAt: new Date(at + postSeconds * 1000 + 2000 + 4000).toISOString(),
    });
  });
});
