import { execFile, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { spawnPiped, type StreamSpawn } from '../streams/stream-process';
import { openTestDatabase } from '../test-support/test-database';
import {
  addRole,
  addUser,
  sendRequest,
  startTestApp,
  tempDir,
  testAdminPassword,
  type TestApp,
} from '../test-support/test-app';
import { createFolderStorage } from '../storage/folder-storage';
import { recordingStore } from './recording-store';
import { recordingSettings, type RecordingSettings } from './recording-settings';
import { sweepRecordings } from './recording-sweep';
import { createSegmentTranscoder } from './segment-transcode';
import { waitUntil } from '../test-support/wait-until';
import { addSegment } from './segment-index';
import { addAlert } from '../test-support/recording-test-kit';
import { scaled } from '../../test-support/test-timeouts';

const run = promisify(execFile);

/** Three 2-second H.265 segments in MPEG-TS, as a recorder copying an H.265 camera stores them. */
let hevcSegments: string[];
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cfop-hevc-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '6'],
    ...['-c:v', 'libx265', '-x265-params', 'log-level=error', '-g', '25', '-pix_fmt', 'yuv420p'],
    ...['-f', 'segment', '-segment_time', '2', '-segment_format', 'mpegts', join(dir, 'seg-%03d.ts')],
  ]);
  hevcSegments = readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => join(dir, name));
  expect(hevcSegments.length).toBeGreaterThanOrEqual(3);
}, scaled(60_000));

/** The codec and first timestamp of an MPEG-TS file, as ffprobe reads them. */
async function probe(bytes: Buffer): Promise<{ codec: string; start: number }> {
  const file = join(tempDir(), 'segment.ts');
  writeFileSync(file, bytes);
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-of', 'json', file],
    ...['-show_entries', 'stream=codec_name,start_time'],
  ]);
  const stream = (JSON.parse(stdout) as { streams: { codec_name: string; start_time: string }[] }).streams[0];
  return { codec: stream?.codec_name ?? '', start: Number(stream?.start_time) };
}

/** An app that never sweeps by itself, the ffmpeg it starts kept; a camera not recorded; its admin. */
async function playbackApp(settings: Partial<RecordingSettings> = {}) {
  const started: ChildProcess[] = [];
  const spawn: StreamSpawn = (command, args) => {
    const child = spawnPiped(command, args);
    started.push(child);
    return child;
  };
  const t = await startTestApp({
    recording: { minFreeBytes: 0, sweepEveryMs: 3_600_000, spawn, ...settings },
  });
  const admin = await t.signIn('admin', testAdminPassword);
  const created = await t.call('createCamera', {
    token: admin,
    body: {
      name: '北门',
      code: 'PB-1',
      mainStreamUrl: 'rtsp://10.2.0.1/main',
      vendor: 'hikvision',
      ip: '10.2.0.1',
    },
  });
  const cameraId = (created.body.data as { id: number }).id;
  const db = await openTestDatabase(t.dataDir);
  onTestFinished(() => db.destroy());
  const store = recordingStore(createFolderStorage(t.dataDir));
  /** Stores `file` as the camera's segment over [start, start + 2 s); answers its id. */
  const addStored = async (file: string, start: number, codec: string | null, camera = cameraId) => {
    const key = `${camera}/${new Date(start).toISOString().slice(0, 10)}/${start}.ts`;
    const spool = join(tempDir(), 'segment.ts');
    copyFileSync(file, spool);
    const bytes = await store.put(key, spool);
    await addSegment(db, {
      camera_id: camera,
      started_at: new Date(start).toISOString(),
      ended_at: new Date(start + 2000).toISOString(),
      bytes,
      store_key: key,
      run: 'test',
      codec,
    });
    const row = await db
      .selectFrom('recording_segments')
      .select('id')
      .where('store_key', '=', key)
      .executeTakeFirstOrThrow();
    return { id: row.id, key };
  };
  const transcodes = () => started.filter((child) => child.spawnargs.includes('libx264')).length;
  return { t, admin, cameraId, db, store, addStored, transcodes };
}

const segmentPath = (cameraId: number, id: number, video = '') =>
  `/cfop/recordings/cameras/${cameraId}/segments/${id}.ts${video}`;

async function getSegment(t: TestApp, token: string, path: string) {
  return sendRequest(t.app, 'GET', path, { token });
}

describe('playing H.265 recordings', { timeout: scaled(120_000) }, () => {
  it('tells the codec, and serves H.264 copies made once per segment, timestamps kept', async () => {
    const { t, admin, cameraId, addStored, transcodes } = await playbackApp();
    const start = t.clock.now().getTime() - 60_000;
    const ids: number[] = [];
    for (const [index, file] of hevcSegments.slice(0, 3).entries()) {
      ids.push((await addStored(file, start + index * 2000, 'hevc')).id);
    }
    const period = { from: new Date(start - 1000).toISOString(), to: t.clock.now().toISOString() };

    const timeline = await t.call('getRecordingTimeline', {
      token: admin,
      params: { id: cameraId },
      query: period,
    });
    expect(timeline.body.data.codecs).toEqual(['hevc']);
    const playlist = await t.call('getRecordingPlaylist', {
      token: admin,
      params: { id: cameraId },
      query: { ...period, video: 'h264' },
    });
    expect(playlist.status).toBe(200);
    expect(playlist.text.split('\n').filter((line) => line.startsWith('segments/'))).toEqual(
      ids.map((id) => `segments/${id}.ts?video=h264`),
    );

    const first = ids[0] as number;
    const asRecorded = await getSegment(t, admin, segmentPath(cameraId, first));
    expect((await probe(asRecorded.rawPayload)).codec).toBe('hevc');
    // Two players asking at once share one transcode; a third is served the kept copy.
    const [one, two] = await Promise.all([
      getSegment(t, admin, segmentPath(cameraId, first, '?video=h264')),
      getSegment(t, admin, segmentPath(cameraId, first, '?video=h264')),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.headers['content-type']).toBe('video/mp2t');
    expect(Number(one.headers['content-length'])).toBe(one.rawPayload.length);
    const copy = await probe(one.rawPayload);
    expect(copy.codec).toBe('h264');
    expect(copy.start).toBeCloseTo((await probe(asRecorded.rawPayload)).start, 1);
    expect(two.rawPayload.equals(one.rawPayload)).toBe(true);
    const again = await getSegment(t, admin, segmentPath(cameraId, first, '?video=h264'));
    expect(again.rawPayload.equals(one.rawPayload)).toBe(true);
    expect(transcodes()).toBe(1);
  });

  it('serves H.264 footage as recorded when a copy is asked for, and refuses copies when transcoding is off', async () => {
    const { t, admin, cameraId, addStored, transcodes } = await playbackApp({ maxTranscodes: 0 });
    const start = t.clock.now().getTime() - 60_000;
    const hevc = await addStored(hevcSegments[0] as string, start, 'hevc');
    const unknown = await addStored(hevcSegments[1] as string, start + 2000, null);
    const period = { from: new Date(start).toISOString(), to: t.clock.now().toISOString() };

    const playlist = await t.call('getRecordingPlaylist', {
      token: admin,
      params: { id: cameraId },
      query: { ...period, video: 'h264' },
    });
    expect(playlist.status).toBe(503);
    expect(playlist.body).toMatchObject({ success: false, code: '503' });
    expect(playlist.body.msg).toContain('CFOP_RECORDING_MAX_TRANSCODES');
    const refused = await t.call('getRecordingSegment', {
      token: admin,
      params: { id: cameraId, segment: `${hevc.id}.ts` },
      query: { video: 'h264' },
    });
    expect(refused.status).toBe(503);
    // A codec not known (recorded before codecs were kept) is served as recorded.
    const asRecorded = await getSegment(t, admin, segmentPath(cameraId, unknown.id, '?video=h264'));
    expect(asRecorded.statusCode).toBe(200);
    expect(transcodes()).toBe(0);
  });

  it("tells an alert clip's codec and plays it as H.264 copies, under the alert's own key", async () => {
    const { t, admin, cameraId, db, addStored, transcodes } = await playbackApp();
    const start = t.clock.now().getTime() - 60_000;
    const ids: number[] = [];
    for (const [index, file] of hevcSegments.slice(0, 2).entries()) {
      ids.push((await addStored(file, start + index * 2000, 'hevc')).id);
    }
    await addAlert(db, cameraId, new Date(start + 1000).toISOString());
    const alert = await db
      .selectFrom('alerts')
      .select('id')
      .where('camera_id', '=', cameraId)
      .executeTakeFirstOrThrow();
    // An alert watcher without the playback key plays the alert's own clip.
    await addRole(t.dataDir, 'clip-watch', ['KEY.CENTER', 'KEY.CENTER.AIWARN']);
    await addUser(t.dataDir, { username: 'clip-watcher', password: 'Watcher#12345', roles: ['clip-watch'] });
    const watcher = await t.signIn('clip-watcher', 'Watcher#12345');

    const clip = await t.call('getAlertClip', { token: watcher, params: { id: alert.id } });
    expect(clip.body.data).toMatchObject({ codecs: ['hevc'], start: new Date(start).toISOString() });
    const playlist = await t.call('getAlertClipPlaylist', {
      token: watcher,
      params: { id: alert.id },
      query: { video: 'h264' },
    });
    expect(playlist.status).toBe(200);
    expect(playlist.text.split('\n').filter((line) => line.startsWith('segments/'))).toEqual(
      ids.map((id) => `segments/${id}.ts?video=h264`),
    );
    const path = `/cfop/alerts/${alert.id}/clip/segments/${ids[0]}.ts`;
    const asRecorded = await getSegment(t, watcher, path);
    expect((await probe(asRecorded.rawPayload)).codec).toBe('hevc');
    const copy = await getSegment(t, watcher, `${path}?video=h264`);
    expect(copy.statusCode).toBe(200);
    expect((await probe(copy.rawPayload)).codec).toBe('h264');
    expect(transcodes()).toBe(1);
    expect((await getSegment(t, admin, `${path}?video=vp9`)).statusCode).toBe(400);
  });
});

describe('the transcoder', { timeout: scaled(120_000) }, () => {
  /**
   * A transcoder over a store holding the H.265 segments, its ffmpeg kept; keys `0.ts`, `1.ts`...
   * `realTime`: ffmpeg reads its input at the video's own pace (`-re`), so a copy takes 2 s and is
   * surely still being made when its caller goes.
   */
  async function transcoder(cacheBytes: number, realTime = false) {
    const dataDir = tempDir();
    const store = recordingStore(createFolderStorage(dataDir));
    for (const [index, file] of hevcSegments.entries()) {
      const spool = join(tempDir(), 'segment.ts');
      copyFileSync(file, spool);
      await store.put(`${index}.ts`, spool);
    }
    const started: ChildProcess[] = [];
    const made = createSegmentTranscoder({
      store,
      dir: join(dataDir, 'transcoded'),
      maxAtOnce: 1,
      cacheBytes,
      log: { warn: () => undefined } as never,
      spawn: (command, args) => {
        const child = spawnPiped(command, realTime ? ['-re', ...args] : args);
        started.push(child);
        return child;
      },
    });
    const segment = (id: number) => ({ id, store_key: `${id}.ts` });
    return { made, started, segment, dir: join(dataDir, 'transcoded') };
  }

  it('kills the ffmpeg of a copy once every request waiting for it has gone', async () => {
    const { made, started, segment, dir } = await transcoder(100_000_000, true);
    const [first, second] = [new AbortController(), new AbortController()];
    const one = made.h264(segment(0), first.signal);
    const two = made.h264(segment(0), second.signal);
    await waitUntil(() => started.length === 1, 'the transcode to start');
    const ffmpeg = started[0] as ChildProcess;
    first.abort();
    await expect(one).rejects.toMatchObject({ code: '503' });
    // Another still waits for it: it runs on and is served.
    const served = await two;
    expect(served.size).toBeGreaterThan(0);
    served.body.destroy();
    expect(ffmpeg.exitCode).toBe(0);

    const third = new AbortController();
    const three = made.h264(segment(1), third.signal);
    await waitUntil(() => started.length === 2, 'the second transcode to start');
    third.abort();
    await expect(three).rejects.toMatchObject({ code: '503' });
    const killed = started[1] as ChildProcess;
    await waitUntil(() => killed.exitCode !== null || killed.signalCode !== null, 'ffmpeg to end');
    expect(killed.signalCode).toBe('SIGKILL');
    expect(made.made()).toBe(1);
    expect(readdirSync(dir)).toEqual(['0.ts']);
  });

  it('keeps its copies within the cache bound, least recently served first, and none of removed footage', async () => {
    const { made, segment, dir } = await transcoder(1);
    const serve = async (id: number) =>
      (await made.h264(segment(id), new AbortController().signal)).body.destroy();
    await serve(0);
    await serve(1);
    // The bound holds one copy: the first went, and is made again when asked for.
    expect(readdirSync(dir)).toEqual(['1.ts']);
    await serve(1);
    expect(made.made()).toBe(2);
    await serve(0);
    expect(made.made()).toBe(3);
    expect(readdirSync(dir)).toEqual(['0.ts']);
    // Once the sweep has removed a segment, its copy goes too.
    await made.keepIndexed(async () => new Set([1]));
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('a segment removed while it plays', () => {
  it('answers a 404 saying it was removed, and why when the sweep recorded it', async () => {
    const { t, admin, cameraId, db, store, addStored } = await playbackApp();
    const now = t.clock.now().getTime();
    const day = 86_400_000;
    const old = await addStored(hevcSegments[0] as string, now - 40 * day, 'hevc');
    const older = await addStored(hevcSegments[1] as string, now - 40 * day + 2000, 'hevc');
    const recent = await addStored(hevcSegments[2] as string, now - 60_000, 'hevc');
    for (const { id } of [old, older, recent]) {
      expect((await getSegment(t, admin, segmentPath(cameraId, id))).statusCode).toBe(200);
    }
    // Another camera's footage of the same hours goes for another reason: its camera was deleted.
    const west = await t.call('createCamera', {
      token: admin,
      body: {
        name: '西门',
        code: 'PB-3',
        mainStreamUrl: 'rtsp://10.2.0.3/main',
        vendor: 'hikvision',
        ip: '10.2.0.3',
      },
    });
    const westId = (west.body.data as { id: number }).id;
    await addStored(hevcSegments[0] as string, now - 40 * day + 1000, 'hevc', westId);
    expect((await t.call('deleteCamera', { token: admin, params: { id: westId } })).status).toBe(200);

    // The sweep removes the two past the retention while a player has them in its playlist.
    const result = await sweepRecordings({
      db,
      store,
      clock: t.clock,
      settings: recordingSettings({ retentionDays: 30, minFreeBytes: 0 }),
      log: { info: () => undefined, warn: () => undefined } as never,
    });
    expect(result.removed).toMatchObject({ retention: 2, deletedCamera: 1 });
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const gone = await sendRequest(t.app, 'GET', segmentPath(cameraId, older.id), { token: admin, lang });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({
        success: false,
        code: '404',
        msg:
          lang === 'zh-CN'
            ? '该段录像已被删除（超过保留天数）'
            : 'This footage was removed (past its retention period)',
      });
    }
    const transcodedGone = await getSegment(t, admin, segmentPath(cameraId, old.id, '?video=h264'));
    expect(transcodedGone.statusCode).toBe(404);
    expect(transcodedGone.json().msg).toBe('该段录像已被删除（超过保留天数）');

    // Its file gone by other hands, the row still there.
    rmSync(join(t.dataDir, 'recordings', recent.key));
    const missing = await getSegment(t, admin, segmentPath(cameraId, recent.id));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('该段录像已被删除（录像文件已不存在）');

    // Another camera's segment is no footage of this one: not found, with no reason made up.
    const other = await t.call('createCamera', {
      token: admin,
      body: {
        name: '南门',
        code: 'PB-2',
        mainStreamUrl: 'rtsp://10.2.0.2/main',
        vendor: 'hikvision',
        ip: '10.2.0.2',
      },
    });
    const elsewhere = await getSegment(
      t,
      admin,
      segmentPath((other.body.data as { id: number }).id, recent.id),
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().msg).toBe('该录像分片已不存在');
  });
});
