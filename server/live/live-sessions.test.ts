import { execFile, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import { startRtspServer } from '../../test-support/rtsp-server';
import { startTestCameras, type TestCamera } from '../../test-support/test-cameras';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import type { AppOptions } from '../app';
import { parseAllowedHosts, systemLookup } from '../streams/stream-address';
import { spawnPiped, type StreamSpawn } from '../streams/stream-process';
import { spawnDyingWithParent } from '../process/parent-death';
import {
  addRole,
  addUser,
  capturedLog,
  operationLog,
  sendRequest,
  startTestApp,
  tempDir,
  testAdminPassword,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';
import { waitUntil } from '../test-support/wait-until';
import { listeningAddress, watchSocket, type WatchedSocket } from '../test-support/live-socket';
import { h264Codec, startsWithKeyFrame } from '../test-support/fmp4-reader';
import { createLiveSessions, type LiveSessionOptions, type LiveViewer } from './live-sessions';
import { createStreamSlots } from '../streams/stream-slots';
import { scaled } from '../../test-support/test-timeouts';

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
async function withCameras(
  cameras: readonly Record<string, unknown>[],
  live: AppOptions['live'] = {},
  options: Partial<AppOptions> = {},
) {
  // The test streams listen on loopback, which cameras may only reach when the allow-list names it.
  const t = await startTestApp({
    live: { startTimeoutMs: 15_000, ...live },
    cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
    ...options,
  });
  const admin = await t.signIn('admin', testAdminPassword);
  for (const body of cameras) {
    const { body: answer } = await t.call('createCamera', { token: admin, body });
    if (!answer.success) throw new Error(answer.msg);
  }
  const roleId = await addRole(t.dataDir, 'video-only', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
  const userId = await addUser(t.dataDir, {
    username: 'watcher',
    password: 'Watcher-2024',
    roles: ['video-only'],
  });
  const token = await t.signIn('watcher', 'Watcher-2024');
  const address = await listeningAddress(t.app);
  /** A browser's socket to a camera stream's live view, signed in as the watcher unless told. */
  const watch = (cameraId: number, stream: 'main' | 'sub', as: string | null = token, lang = 'zh-CN') =>
    watchSocket(`ws://${address}/cfop/live/cameras/${cameraId}/${stream}/socket`, as, lang);
  return { t, admin, token, watch, address, watcher: { userId, roleId } };
}

/** Live sessions on their own (no app) reading the loopback test stream, closed after the test. */
function loopbackLiveSessions(options: Pick<LiveSessionOptions, 'readTimeoutMs' | 'log'>) {
  const live = createLiveSessions({
    slots: createStreamSlots(4),
    policy: { allowed: parseAllowedHosts('127.0.0.1').allowed, lookup: systemLookup, writeLookupMs: 2000 },
    idleMs: 60_000,
    startTimeoutMs: 15_000,
    ...options,
  });
  onTestFinished(() => live.close());
  return live;
}

type Revocable = Awaited<ReturnType<typeof withCameras>>;

/** The app's WebSockets the server still holds open (not closing or closed). */
const openServerSockets = (t: TestApp) =>
  [...t.app.websocketServer.clients].filter((socket) => socket.readyState === WebSocket.OPEN).length;

/** Resolves once the socket has `count` binary messages (init segment included). */
const binariesOf = (watched: WatchedSocket, count: number) =>
  waitUntil(() => watched.binaries.length >= count, `${count} binary messages`);

/** Starts ffmpeg as the server does, keeping each one's command line and process. */
function recordedSpawns() {
  const started: { command: string[]; child: ChildProcess }[] = [];
  const spawn: StreamSpawn = (command, args) => {
    const child = spawnPiped(command, args);
    started.push({ command: [command, ...args], child });
    return child;
  };
  const relays = () => started.filter(({ command }) => command[0] === 'ffmpeg');
  return {
    spawn,
    relays: () => relays().map(({ command }) => command),
    /** Relays whose process has not exited. */
    running: () =>
      relays().filter(({ child }) => child.exitCode === null && child.signalCode === null).length,
  };
}

/**
 * An RTSP camera on loopback whose H.264 parameter sets are only in its session description (SDP),
 * none in the stream, as some cameras send: ten seconds of the test pattern, a key frame a second.
 */
async function rtspCameraWithoutParameterSets(): Promise<string> {
  const dir = tempDir();
  const clip = join(dir, 'clip.ts');
  const sdpFile = join(dir, 'camera.sdp');
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10'],
    ...['-t', '10', '-c:v', 'libx264', '-g', '10', '-pix_fmt', 'yuv420p', clip],
  ]);
  const rtp = createSocket('udp4');
  await new Promise<void>((resolve) => rtp.bind(0, '127.0.0.1', resolve));
  const listeners = new Set<(packet: Buffer) => void>();
  rtp.on('message', (packet) => listeners.forEach((listener) => listener(packet)));
  const source = spawnDyingWithParent('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-i', clip, '-map', '0:v:0', '-c:v', 'copy'],
    ...['-bsf:v', 'filter_units=remove_types=7|8', '-f', 'rtp', '-sdp_file', sdpFile],
    `rtp://127.0.0.1:${rtp.address().port}?pkt_size=1200`,
  ]);
  const server = await startRtspServer();
  onTestFinished(async () => {
    source.kill('SIGKILL');
    rtp.close();
    await server.stop();
  });
  const sdp = async (): Promise<string> => {
    const text = await readFile(sdpFile, 'utf8').catch(() => '');
    if (text.includes('sprop-parameter-sets')) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return sdp();
  };
  server.offer('camera', {
    sdp: sdp(),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return `rtsp://127.0.0.1:${server.port}/camera`;
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
      camera(2, 'rtsp://10.2.0.2/main', {
        subStreamUrl: 'rtsp://operator:s3cret@10.2.0.2/sub',
        onvifXaddr: 'http://10.2.0.2/onvif/device_service',
        onvifUsername: 'operator',
        onvifPassword: 's3cret',
      }),
      camera(3, 'rtsp://10.2.0.3/main'),
    ]) {
      await t.call('createCamera', { token: admin, body });
    }
    await addRole(t.dataDir, 'video-only', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
    await addUser(t.dataDir, { username: 'watcher', password: 'Watcher-2024', roles: ['video-only'] });
    const token = await t.signIn('watcher', 'Watcher-2024');

    const { status, body } = await t.call('listLiveCameras', { token });
    expect(status).toBe(200);
    // By area, then name; no stream or ONVIF address (they may hold credentials) reaches the tree,
    // only whether a camera has a sub stream of its own and whether it can be steered.
    const common = { status: 'offline', hasSubStream: false, ptz: false };
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
        ptz: true,
      },
    ]);
    const cameraScreen = await t.call('listCameras', { token });
    expect(cameraScreen.status).toBe(403);
  });
});

describe('live views', { timeout: scaled(60_000) }, () => {
  it('shares one ffmpeg between viewers, sends the media type, the init segment and fragments from a key frame, and stops it when idle', async () => {
    const spawns = recordedSpawns();
    const { t, watch } = await withCameras([camera(1, stream.liveUrl)], {
      idleMs: 1500,
      spawn: spawns.spawn,
    });
    const first = watch(1, 'main');
    await binariesOf(first, 3);
    // Copied H.264 in fragmented MP4: the MIME type names the codec from the init segment.
    const [media] = first.texts;
    const init = first.binaries[0] as Buffer;
    expect(init.toString('latin1', 4, 8)).toBe('ftyp');
    expect(media).toEqual({
      type: 'media',
      mime: `video/mp4; codecs="${h264Codec(init) as string}"`,
      stream: 'main',
    });
    expect(media?.mime).toMatch(/^video\/mp4; codecs="avc1\.[0-9a-f]{6}"$/);
    const fragments = first.binaries.slice(1);
    expect(fragments.every((bytes) => bytes.toString('latin1', 4, 8) === 'moof')).toBe(true);
    expect(startsWithKeyFrame(fragments[0] as Buffer)).toBe(true);

    // A second viewer joins the running relay at its newest key frame, at once.
    const second = watch(1, 'main');
    await binariesOf(second, 2);
    expect(startsWithKeyFrame(second.binaries[1] as Buffer)).toBe(true);
    expect(spawns.relays()).toHaveLength(1);

    // Watched by nobody: stopped after the idle time; a new viewer starts a new relay.
    first.socket.close();
    second.socket.close();
    await waitUntil(() => spawns.running() === 0, 'the idle view to stop');
    const third = watch(1, 'main');
    await binariesOf(third, 2);
    expect(spawns.relays()).toHaveLength(2);
    // Watching changes nothing: no operation log entry.
    expect(operationLog(t.dataDir).filter((row) => /live|实时/i.test(row.action))).toEqual([]);
  });

  it('copies H.264 from a live MPEG-TS stream without probing it, never encoding it, its input given a read time-out', async () => {
    const spawns = recordedSpawns();
    const { watch } = await withCameras([camera(1, stream.liveUrl)], { spawn: spawns.spawn });
    await binariesOf(watch(1, 'main'), 2);
    const [relay, ...others] = spawns.relays();
    expect(others).toEqual([]);
    const command = relay?.join(' ');
    // MPEG-TS needs no picture size, so ffmpeg starts at once rather than probing a second first.
    expect(command).toMatch(
      /^ffmpeg -hide_banner -loglevel error -nostdin -probesize 32 -protocol_whitelist /,
    );
    expect(command).toContain('-map 0:v:0 -an -c:v copy -f mpegts');
    expect(relay).not.toContain('libx264');
    expect(command).toContain(`-rw_timeout 5000000 -max_redirects 0 -i ${stream.liveUrl}`);
  });

  it('encodes a stream browsers cannot play to H.264, and falls back to the main stream without a sub stream', async () => {
    const spawns = recordedSpawns();
    const { watch } = await withCameras([camera(1, stream.liveMpeg4Url)], { spawn: spawns.spawn });
    const watched = watch(1, 'sub');
    await binariesOf(watched, 2);
    expect(h264Codec(watched.binaries[0] as Buffer)).toMatch(/^avc1\./);
    // Copied first, as most cameras send H.264; its stream type in the relay's MPEG-TS said otherwise.
    const [copying, encoding, ...others] = spawns.relays();
    expect(copying?.join(' ')).toContain('-c:v copy');
    expect(copying?.join(' ')).toContain(stream.liveMpeg4Url);
    expect(encoding).toContain('libx264');
    expect(others).toEqual([]);
  });

  it("plays a camera's own sub stream when asked, and shares the main stream's relay for a camera without one, saying which it plays", async () => {
    const testCameras = await startTestCameras({ rtsp: 1, http: 0, clockedPerKind: 0, subStreamsPerKind: 1 });
    onTestFinished(() => testCameras.stop());
    const [{ url, subUrl }] = testCameras.cameras as [TestCamera];
    const spawns = recordedSpawns();
    const { watch } = await withCameras(
      [camera(1, url, { subStreamUrl: subUrl }), camera(2, stream.liveUrl)],
      { spawn: spawns.spawn },
    );
    const sub = watch(1, 'sub');
    await binariesOf(sub, 2);
    expect(sub.texts[0]).toMatchObject({ type: 'media', stream: 'sub' });
    expect(spawns.relays()).toHaveLength(1);
    expect(spawns.relays()[0]).toContain(subUrl);

    const main = watch(2, 'main');
    await binariesOf(main, 2);
    expect(main.texts[0]).toMatchObject({ type: 'media', stream: 'main' });
    // Without a sub stream the sub view is the main one: it joins the running relay.
    const fallback = watch(2, 'sub');
    await binariesOf(fallback, 2);
    expect(fallback.texts[0]).toMatchObject({ type: 'media', stream: 'main' });
    expect(spawns.relays()).toHaveLength(2);
  });

  it('ends a relay whose source goes silent within the read time-out, tells its viewers why, and starts afresh after the source returns', async () => {
    const { logger, lines } = capturedLog();
    const live = loopbackLiveSessions({ readTimeoutMs: 1500, log: Fastify({ logger }).log });
    onTestFinished(() => stream.restore());
    const view = { cameraId: 1, stream: 'main', url: stream.liveUrl } as const;
    const viewer = () => {
      const seen = { fragments: 0, ended: [] as string[] };
      const of: LiveViewer = {
        media: () => undefined,
        fragment: () => (seen.fragments += 1),
        backlog: () => 0,
        end: (reason) => seen.ended.push(`${reason.code} ${reason.text.zh}`),
      };
      return { seen, of };
    };
    const first = viewer();
    live.watch(view, first.of);
    await waitUntil(() => first.seen.fragments > 0, 'a fragment');
    expect(live.lastEnd(1, 'main')).toBeNull();

    stream.cut();
    await waitUntil(() => live.running().length === 0, 'the relay to end', 10_000);
    expect(first.seen.ended).toEqual(['502 实时视频中断：源超时']);
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
    const again = viewer();
    live.watch(view, again.of);
    await waitUntil(() => again.seen.fragments > 0, 'a fragment after the return');
    expect(live.running()).toEqual(['1-main']);
  });

  it('plays an RTSP camera that gives its parameter sets only in its session description', async () => {
    const live = loopbackLiveSessions({ readTimeoutMs: 5000, log: Fastify({ logger: false }).log });
    const url = await rtspCameraWithoutParameterSets();
    const seen = {
      mime: '',
      init: Buffer.alloc(0) as Buffer,
      fragments: [] as Buffer[],
      ended: [] as string[],
    };
    live.watch(
      { cameraId: 1, stream: 'main', url },
      {
        media(mime, init) {
          seen.mime = mime;
          seen.init = init;
        },
        fragment: (bytes) => seen.fragments.push(bytes),
        backlog: () => 0,
        end: (reason) => seen.ended.push(reason.text.en),
      },
    );
    await waitUntil(() => seen.fragments.length > 0 || seen.ended.length > 0, 'a fragment');
    expect(seen.ended).toEqual([]);
    expect(seen.mime).toBe(`video/mp4; codecs="${h264Codec(seen.init) as string}"`);
    expect(startsWithKeyFrame(seen.fragments[0] as Buffer)).toBe(true);
  });

  it('skips a viewer that falls behind to a later key frame, never queueing more', async () => {
    const live = loopbackLiveSessions({ readTimeoutMs: 5000, log: Fastify({ logger: false }).log });
    let backlog = 0;
    // How often the relay asked for the backlog: a fragment on its way, or while skipping a key frame.
    let asked = 0;
    const got: Buffer[] = [];
    live.watch(
      { cameraId: 1, stream: 'main', url: stream.liveUrl },
      {
        media: () => undefined,
        fragment: (bytes) => got.push(bytes),
        backlog: () => ((asked += 1), backlog),
        end: () => undefined,
      },
    );
    await waitUntil(() => got.length > 2, 'fragments');
    // Its socket stops draining: nothing more is given while it is far behind, not even at the next
    // key frame (the second question: the first starts the skipping).
    backlog = 3 * 1024 * 1024;
    const before = got.length;
    const askedBefore = asked;
    await waitUntil(() => asked >= askedBefore + 2, 'a key frame held back while behind');
    expect(got.length).toBe(before);
    // Drained: it resumes at a key frame.
    backlog = 0;
    await waitUntil(() => got.length > before, 'fragments again');
    expect(startsWithKeyFrame(got[before] as Buffer)).toBe(true);
  });

  it('refuses a live view past CFOP_LIVE_MAX_STREAMS with a 503 on the socket, and lets a viewer of a running one in', async () => {
    const { watch } = await withCameras([camera(1, stream.liveUrl), camera(2, stream.liveUrl)], {
      maxStreams: 1,
    });
    await binariesOf(watch(1, 'sub'), 2);
    const refused = watch(2, 'sub');
    expect(await refused.closed).toBe(4503);
    expect(refused.texts).toEqual([
      {
        success: false,
        code: '503',
        msg: '服务器同时播放的实时视频已达上限（1 路），请关闭其他画面后重试',
        data: null,
      },
    ]);
    const english = watch(2, 'sub', undefined, 'en-US');
    await english.closed;
    expect(english.texts[0]?.msg).toBe(
      'The server already plays its most live views (1); close other panes and retry',
    );
    await binariesOf(watch(1, 'sub'), 2);
  });

  it('answers an unreachable camera with a fixed 502 reason, no backend detail, its credentials never shown', async () => {
    const secretUrl = stream.unreachableUrl.replace('http://', 'http://operator:s3cret-pass@');
    const spawns = recordedSpawns();
    const { watch } = await withCameras([camera(1, secretUrl)], { spawn: spawns.spawn });
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const watched = watch(1, 'main', undefined, lang);
      expect(await watched.closed).toBe(4502);
      const text = JSON.stringify(watched.texts);
      expect(text).not.toContain('s3cret');
      expect(text).not.toContain('operator:');
      // A fixed reason by kind: ffmpeg's words (hosts, ports) stay in the server log.
      expect(watched.texts[0]?.msg).toBe(
        lang === 'zh-CN'
          ? '无法打开实时视频：摄像头拒绝了连接或取流请求，请检查端口、用户名与密码'
          : 'Could not open the live view: the camera refused the connection or the stream request; check its port, user name and password',
      );
    }
    expect(spawns.running()).toBe(0);
  });

  it('refuses a file address, a camera that does not exist, a caller without a session or the key, and a plain GET', async () => {
    const spawns = recordedSpawns();
    const { t, admin, watch, address } = await withCameras([camera(1, 'rtsp://10.2.0.1/main')], {
      spawn: spawns.spawn,
    });
    // The camera form takes only stream addresses; a row written by hand could hold another.
    withSqlite(t.dataDir, (sqlite) =>
      sqlite.prepare(`update cameras set main_stream_url = 'file:///etc/passwd'`).run(),
    );
    const local = watch(1, 'main');
    expect(await local.closed).toBe(4502);
    expect(local.texts[0]?.msg).toBe('无法打开实时视频：视频流地址指向服务器不允许访问的地址');
    const missing = watch(99, 'main');
    expect(await missing.closed).toBe(4404);
    // Refused before the upgrade: no session (a token in the URL is not read), no key, a bad path.
    expect(await watch(1, 'main', null).refused).toBe(401);
    expect(
      await watchSocket(`ws://${address}/cfop/live/cameras/1/main/socket?token=${admin}`, null).refused,
    ).toBe(401);
    await addRole(t.dataDir, 'devices', ['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    await addUser(t.dataDir, { username: 'fitter', password: 'Fitter-2024', roles: ['devices'] });
    expect(await watch(1, 'main', await t.signIn('fitter', 'Fitter-2024')).refused).toBe(403);
    expect(await watch(1, 'side' as 'main').refused).toBe(400);
    const plain = await sendRequest(t.app, 'GET', '/cfop/live/cameras/1/main/socket', { token: admin });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toMatchObject({ code: '426', msg: '此地址只接受 WebSocket 连接' });
    expect(spawns.relays()).toEqual([]);
  });

  it.each([
    ['signing out', ({ t, token }: Revocable) => t.call('logout', { token })],
    [
      'a new password',
      ({ t, token }: Revocable) =>
        t.call('changePassword', {
          token,
          body: { oldPassword: 'Watcher-2024', newPassword: 'Watcher-2025' },
        }),
    ],
    [
      'the user disabled',
      ({ t, admin, watcher }: Revocable) =>
        t.call('updateUser', {
          token: admin,
          params: { id: watcher.userId },
          body: { username: 'watcher', name: 'watcher', status: 'disabled', roleIds: [watcher.roleId] },
        }),
    ],
    [
      'the video key taken from the role',
      ({ t, admin, watcher }: Revocable) =>
        t.call('updateRole', {
          token: admin,
          params: { id: watcher.roleId },
          body: { code: 'video-only', name: 'video-only', description: '', accessKeys: ['KEY.CENTER'] },
        }),
    ],
  ])("closes a viewer's socket on %s before that call's answer leaves", async (_name, revoke) => {
    // Re-checks far apart: only the change itself can close the socket in time.
    const cameras = await withCameras([camera(1, stream.liveUrl)], {}, { streamRecheckMs: 600_000 });
    const watched = cameras.watch(1, 'main');
    await binariesOf(watched, 2);
    expect(openServerSockets(cameras.t)).toBe(1);
    const answer = await revoke(cameras);
    expect(answer.body.success).toBe(true);
    // Closed on the server when the answer comes back: no frame can follow it.
    expect(openServerSockets(cameras.t)).toBe(0);
    expect(await watched.closed).toBe(4401);
    expect(watched.texts.at(-1)).toMatchObject({ code: '401' });
  });

  it('refuses a user a live socket beyond CFOP_LIVE_SOCKETS_PER_USER on the socket with a 429, counting every session', async () => {
    const { t, watch, admin } = await withCameras([camera(1, stream.liveUrl)], { socketsPerUser: 2 });
    const otherSession = await t.signIn('watcher', 'Watcher-2024');
    const first = watch(1, 'main');
    const second = watch(1, 'sub', otherSession);
    await Promise.all([binariesOf(first, 2), binariesOf(second, 2)]);
    const refused = watch(1, 'main');
    expect(await refused.closed).toBe(4429);
    expect(refused.texts).toEqual([
      {
        success: false,
        code: '429',
        msg: '您打开的实时视频已达上限（2 路），请关闭其他画面后重试',
        data: null,
      },
    ]);
    const english = watch(1, 'main', undefined, 'en-US');
    await english.closed;
    expect(english.texts[0]?.msg).toBe(
      'You already have your most live views open (2); close other panes and retry',
    );
    // Another user has sockets of their own; a closed socket frees its place.
    await binariesOf(watch(1, 'main', admin), 2);
    first.socket.close();
    await first.closed;
    await waitUntil(() => t.app.websocketServer.clients.size === 2, 'the server to see the socket go');
    await binariesOf(watch(1, 'main'), 2);
  });

  it('stops every ffmpeg when the server closes, not waiting for a stream still being opened', async () => {
    const spawns = recordedSpawns();
    const { t, watch } = await withCameras(
      [camera(1, stream.liveUrl), camera(2, stream.liveUrl), camera(3, stream.silentUrl)],
      // A stream that never answers would hold the close this long (past the test's time-out) if
      // its ffmpeg were not stopped.
      { startTimeoutMs: 120_000, spawn: spawns.spawn },
    );
    await Promise.all([binariesOf(watch(1, 'main'), 2), binariesOf(watch(2, 'sub'), 2)]);
    expect(spawns.running()).toBe(2);
    watch(3, 'main');
    await waitUntil(() => stream.silentConnections() > 0, 'ffmpeg to connect to the silent camera');
    await t.app.close();
    await waitUntil(() => stream.silentConnections() === 0, 'ffmpeg to let the silent camera go');
    await waitUntil(() => spawns.running() === 0, 'every ffmpeg to end');
  });
});
