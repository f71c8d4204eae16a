import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import type { AppOptions } from '../app';
import { parseAllowedHosts, systemLookup } from '../cameras/stream-address';
import { spawnPiped, type StreamSpawn } from '../cameras/stream-process';
import {
  addRole,
  addUser,
  capturedLog,
  expectContractAnswer,
  operationLog,
  sendRequest,
  startTestApp,
  tempDir,
  testAdminPassword,
  withSqlite,
} from '../test-support/test-app';
import { createLiveSessions } from './live-sessions';
import { createStreamSlots } from './stream-slots';
import { tsStreamTypes } from './ts-stream-types';

let stream: TestStream;
beforeAll(async () => {
  stream = await startTestStream();
});
afterAll(async () => {
  await stream.stop();
});

const camera = (n: number, mainStreamUrl: string, change: Record<string, unknown> = {}) => ({
  name: `北门-${n}`,
  code: `LIVE-${n}`,
  area: n % 2 === 0 ? '二号园区' : '一号园区',
  mainStreamUrl,
  vendor: 'hikvision',
  ip: `10.2.0.${n}`,
  aiServerId: null,
  ...change,
});

/** An app whose administrator has added `cameras`, and a video operator holding only the video key. */
async function withCameras(cameras: readonly Record<string, unknown>[], live: AppOptions['live'] = {}) {
  // The test streams listen on loopback, which cameras may only reach when the allow-list names it.
  const t = await startTestApp({
    live: { startTimeoutMs: 15_000, ...live },
    cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
  });
  const admin = await t.signIn('admin', testAdminPassword);
  for (const body of cameras) {
    const { body: answer } = await t.call('createCamera', { token: admin, body });
    if (!answer.success) throw new Error(answer.msg);
  }
  await addRole(t.dataDir, 'video-only', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
  await addUser(t.dataDir, { username: 'watcher', password: 'Watcher-2024', roles: ['video-only'] });
  const token = await t.signIn('watcher', 'Watcher-2024');
  const get = (path: string, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
    sendRequest(t.app, 'GET', `/cfop${path}`, { token, lang });
  /** ffmpeg processes running: each writes into a folder of its own under DATA_DIR/live. */
  const ffmpegFolders = () => readdirSync(join(t.dataDir, 'live'));
  return { t, admin, token, get, ffmpegFolders };
}

const segmentsOf = (playlist: string) => playlist.split('\n').filter((line) => line.startsWith('seg-'));

/** Starts ffmpeg and ffprobe as the server does, keeping each one's command line. */
function recordedSpawns() {
  const commands: string[][] = [];
  const spawn: StreamSpawn = (command, args) => {
    commands.push([command, ...args]);
    return spawnPiped(command, args);
  };
  return { spawn, relays: () => commands.filter(([command]) => command === 'ffmpeg') };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the camera list for the video wall', () => {
  it('answers every camera with its area, status and AI server to a holder of the video key only', async () => {
    const t = await startTestApp();
    const admin = await t.signIn('admin', testAdminPassword);
    await t.call('createAiServer', {
      token: admin,
      body: {
        name: '盒子-1',
        serialNumber: 'SN-1',
        ip: '10.0.0.1',
        port: 8000,
        acceleratorType: 'NPU',
        channelCapacity: 4,
      },
    });
    for (const body of [
      camera(1, 'rtsp://10.2.0.1/main', { aiServerId: 1 }),
      camera(2, 'rtsp://10.2.0.2/main', { subStreamUrl: 'rtsp://operator:s3cret@10.2.0.2/sub' }),
      camera(3, 'rtsp://10.2.0.3/main'),
    ]) {
      await t.call('createCamera', { token: admin, body });
    }
    await addRole(t.dataDir, 'video-only', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
    await addUser(t.dataDir, { username: 'watcher', password: 'Watcher-2024', roles: ['video-only'] });
    const token = await t.signIn('watcher', 'Watcher-2024');

    const { status, body } = await t.call('listLiveCameras', { token });
    expect(status).toBe(200);
    expectContractAnswer('listLiveCameras', body);
    // By area, then name; no stream address (it may hold credentials) reaches the tree, only
    // whether a camera has a sub stream of its own.
    const common = { status: 'offline', hasSubStream: false };
    expect(body.data.items).toEqual([
      { id: 1, name: '北门-1', code: 'LIVE-1', area: '一号园区', aiServerName: '盒子-1', ...common },
      { id: 3, name: '北门-3', code: 'LIVE-3', area: '一号园区', aiServerName: null, ...common },
      {
        id: 2,
        name: '北门-2',
        code: 'LIVE-2',
        area: '二号园区',
        aiServerName: null,
        ...common,
        hasSubStream: true,
      },
    ]);
    const cameraScreen = await t.call('listCameras', { token });
    expect(cameraScreen.status).toBe(403);
  });
});

describe('live views', { timeout: 60_000 }, () => {
  it('shares one ffmpeg between viewers of a camera stream, serves its playlist and segments, and stops it when idle', async () => {
    const { t, get, ffmpegFolders } = await withCameras([camera(1, stream.liveUrl)], { idleMs: 1500 });
    const [first, second] = await Promise.all([
      get('/live/cameras/1/main/index.m3u8'),
      get('/live/cameras/1/main/index.m3u8'),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(first.body).toMatch(/^#EXTM3U/);
    expect(ffmpegFolders()).toHaveLength(1);

    const segment = segmentsOf(first.body).at(-1) as string;
    const bytes = await get(`/live/cameras/1/main/${segment}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    // An MPEG-TS packet starts with the sync byte 0x47.
    expect(bytes.rawPayload[0]).toBe(0x47);

    // The playlist slides: later it names newer segments (the ffmpeg keeps running while fetched).
    await waitFor(
      async () => segmentsOf((await get('/live/cameras/1/main/index.m3u8')).body).at(-1) !== segment,
      'a newer segment',
    );

    // Fetched no more: stopped after the idle time, its folder gone; a segment then answers 404.
    await waitFor(() => ffmpegFolders().length === 0, 'the idle view to stop');
    const stopped = await get(`/live/cameras/1/main/${segment}`);
    expect(stopped.statusCode).toBe(404);
    expect(stopped.json()).toMatchObject({ code: '404', msg: '实时视频已停止，请重新打开' });
    // Watching changes nothing: no operation log entry.
    expect(operationLog(t.dataDir).filter((row) => /live/i.test(row.action))).toEqual([]);
  });

  it('copies H.264 from a live MPEG-TS stream, never encoding it, its input given a read time-out', async () => {
    const spawns = recordedSpawns();
    const { get } = await withCameras([camera(1, stream.liveUrl)], { spawn: spawns.spawn });
    const playlist = await get('/live/cameras/1/main/index.m3u8');
    expect(playlist.statusCode).toBe(200);
    const [relay, ...others] = spawns.relays();
    expect(others).toEqual([]);
    expect(relay?.join(' ')).toContain('-map 0:v:0 -an -c:v copy -f hls');
    expect(relay).not.toContain('libx264');
    expect(relay?.join(' ')).toContain(`-rw_timeout 5000000 -max_redirects 0 -i ${stream.liveUrl}`);
    const segment = await get(`/live/cameras/1/main/${segmentsOf(playlist.body)[0] as string}`);
    expect(tsStreamTypes(segment.rawPayload)).toEqual([0x1b]);
  });

  it('encodes a stream browsers cannot play to H.264, and falls back to the main stream without a sub stream', async () => {
    const spawns = recordedSpawns();
    const { get, ffmpegFolders } = await withCameras([camera(1, stream.liveMpeg4Url)], {
      spawn: spawns.spawn,
    });
    const playlist = await get('/live/cameras/1/sub/index.m3u8');
    expect(playlist.statusCode).toBe(200);
    const segment = await get(`/live/cameras/1/sub/${segmentsOf(playlist.body)[0] as string}`);
    expect(segment.statusCode).toBe(200);
    // H.264 in MPEG-TS is stream type 0x1b in the program map; MPEG-4 Part 2 would be 0x10.
    expect(tsStreamTypes(segment.rawPayload)).toEqual([0x1b]);
    expect(ffmpegFolders()).toHaveLength(1);
    // Copied first, as most cameras send H.264; its first segment said otherwise.
    const [copying, encoding, ...others] = spawns.relays();
    expect(copying?.join(' ')).toContain('-c:v copy');
    expect(encoding).toContain('libx264');
    expect(others).toEqual([]);
  });

  it('ends a relay whose source goes silent within the read time-out, says why once, and starts afresh when asked after the source returns', async () => {
    const { logger, lines } = capturedLog();
    const live = await createLiveSessions({
      rootDir: join(tempDir(), 'live'),
      slots: createStreamSlots(4),
      policy: { allowed: parseAllowedHosts('127.0.0.1').allowed, lookup: systemLookup, writeLookupMs: 2000 },
      idleMs: 60_000,
      startTimeoutMs: 15_000,
      readTimeoutMs: 1500,
      log: Fastify({ logger }).log,
    });
    onTestFinished(() => live.close());
    onTestFinished(() => stream.restore());
    const view = { cameraId: 1, stream: 'main', url: stream.liveUrl } as const;
    expect(await live.playlist(view)).toMatch(/^#EXTM3U/);
    expect(live.lastEnd(1, 'main')).toBeNull();

    stream.cut();
    await waitFor(() => live.running().length === 0, 'the relay to end', 10_000);
    // ffmpeg takes a read time-out for the input's end, and exits with 0 after its last line.
    expect(live.lastEnd(1, 'main')).toMatchObject({
      reason: 'timeout',
      text: { zh: '源超时', en: 'source timed out' },
      exitCode: 0,
      detail: expect.stringMatching(/timed out/i),
    });
    const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings).toEqual([
      expect.stringMatching(/^live view 1-main ended: source timed out \(exit 0\) /),
    ]);

    stream.restore();
    expect(await live.playlist(view)).toMatch(/^#EXTM3U/);
    expect(live.running()).toEqual(['1-main']);
  });

  it('starts the views of a wall in one request, answering before any plays, and leaves refusals to each playlist request', async () => {
    const spawns = recordedSpawns();
    const { t, token, get, ffmpegFolders } = await withCameras(
      [camera(1, stream.liveUrl), camera(2, stream.liveUrl)],
      { maxStreams: 1, spawn: spawns.spawn },
    );
    const { status, body } = await t.call('startLiveViews', {
      token,
      body: { cameraIds: [1, 2, 99], stream: 'sub' },
    });
    expect(status).toBe(200);
    expectContractAnswer('startLiveViews', body);
    // Answered while the relay is still starting: no playlist exists yet.
    expect(ffmpegFolders().flatMap((folder) => readdirSync(join(t.dataDir, 'live', folder)))).not.toContain(
      'index.m3u8',
    );
    await waitFor(() => spawns.relays().length === 1, "the first camera's relay to start");
    // Its pane's playlist request joins the relay started ahead of it.
    expect((await get('/live/cameras/1/sub/index.m3u8')).statusCode).toBe(200);
    expect(spawns.relays()).toHaveLength(1);
    // The second found no free ffmpeg: skipped, and its own request says why.
    expect((await get('/live/cameras/2/sub/index.m3u8')).statusCode).toBe(503);
  });

  it('refuses a live view past CFOP_LIVE_MAX_STREAMS with a 503, and lets a viewer of a running one in', async () => {
    const { get } = await withCameras([camera(1, stream.liveUrl), camera(2, stream.liveUrl)], {
      maxStreams: 1,
    });
    expect((await get('/live/cameras/1/sub/index.m3u8')).statusCode).toBe(200);
    const refused = await get('/live/cameras/2/sub/index.m3u8');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: '503',
      msg: '服务器同时播放的实时视频已达上限（1 路），请关闭其他画面后重试',
    });
    const english = await get('/live/cameras/2/sub/index.m3u8', 'en-US');
    expect(english.json().msg).toBe(
      'The server already plays its most live views (1); close other panes and retry',
    );
    expect((await get('/live/cameras/1/sub/index.m3u8')).statusCode).toBe(200);
  });

  it('answers an unreachable camera with a fixed 502 reason, no backend detail, its credentials never shown', async () => {
    const secretUrl = stream.unreachableUrl.replace('http://', 'http://operator:s3cret-pass@');
    const { get, ffmpegFolders } = await withCameras([camera(1, secretUrl)]);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const answer = await get('/live/cameras/1/main/index.m3u8', lang);
      expect(answer.statusCode).toBe(502);
      expect(answer.body).not.toContain('s3cret');
      expect(answer.body).not.toContain('operator:');
      // A fixed reason by kind: ffmpeg's words (hosts, ports) stay in the server log.
      expect(answer.json().msg).toBe(
        lang === 'zh-CN'
          ? '无法打开实时视频：摄像头拒绝了连接或取流请求，请检查端口、用户名与密码'
          : 'Could not open the live view: the camera refused the connection or the stream request; check its port, user name and password',
      );
    }
    expect(ffmpegFolders()).toEqual([]);
  });

  it('refuses a file address and a camera that does not exist', async () => {
    const { t, get, ffmpegFolders } = await withCameras([camera(1, 'rtsp://10.2.0.1/main')]);
    // The camera form takes only stream addresses; a row written by hand could hold another.
    withSqlite(t.dataDir, (sqlite) =>
      sqlite.prepare(`update cameras set main_stream_url = 'file:///etc/passwd'`).run(),
    );
    const local = await get('/live/cameras/1/main/index.m3u8');
    expect(local.statusCode).toBe(502);
    expect(local.json().msg).toBe('无法打开实时视频：视频流地址指向服务器不允许访问的地址');
    expect(ffmpegFolders()).toEqual([]);
    const missing = await get('/live/cameras/99/main/index.m3u8');
    expect(missing.statusCode).toBe(404);
    expect((await get('/live/cameras/1/main/seg-1.ts')).statusCode).toBe(404);
  });

  it('stops every ffmpeg and removes their files when the server closes, not waiting for a stream still being opened', async () => {
    const { t, get, ffmpegFolders } = await withCameras(
      [camera(1, stream.liveUrl), camera(2, stream.liveUrl), camera(3, stream.silentUrl)],
      // A stream that never answers would hold the close this long (past the test's time-out) if
      // its ffprobe were not stopped.
      { startTimeoutMs: 120_000 },
    );
    await Promise.all([get('/live/cameras/1/main/index.m3u8'), get('/live/cameras/2/sub/index.m3u8')]);
    expect(ffmpegFolders()).toHaveLength(2);
    const opening = get('/live/cameras/3/main/index.m3u8');
    await waitFor(() => stream.silentConnections() > 0, 'ffprobe to connect to the silent camera');
    await t.app.close();
    expect(() => readdirSync(join(t.dataDir, 'live'))).toThrow(/ENOENT/);
    await waitFor(() => stream.silentConnections() === 0, 'ffprobe to let the silent camera go');
    await opening.catch(() => undefined);
  });
});
