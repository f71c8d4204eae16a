import { execFile, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { spawnDyingWithParent } from '../server/process/parent-death';
import { clockFilter } from './clock-picture';
import { startRtspServer, type RtpFeed } from './rtsp-server';

const loopback = '127.0.0.1';
const size = '640x360';
/** A sub stream's picture: a quarter of the main one, as cameras' sub streams commonly are. */
const subSize = '320x180';
export const cameraFrameRate = 15;
/** A key frame every two seconds, as a site's cameras commonly send. */
export const keyFrameSeconds = 2;
const tsPacket = 188;

export interface TestCamera {
  /** ASCII, as it is burnt into the picture: `RTSP 1`, `HTTP 2`. */
  readonly name: string;
  readonly kind: 'rtsp' | 'http';
  readonly url: string;
  /** Its sub stream (the same pattern, smaller, copied from a clip), or null when it has none. */
  readonly subUrl: string | null;
  /** Its picture carries the time it was made (clock-picture.ts). */
  readonly clock: boolean;
}

export interface TestCameras {
  readonly cameras: readonly TestCamera[];
  stop(): Promise<void>;
}

export interface TestCameraPlan {
  readonly rtsp: number;
  readonly http: number;
  /** How many cameras of each kind carry the time (the first ones); each is encoded live. */
  readonly clockedPerKind: number;
  /** How many cameras of each kind also send a sub stream (the first ones); none unless told. */
  readonly subStreamsPerKind?: number;
}

/**
 * Test cameras on loopback, each one ffmpeg running from start to stop whether anyone watches or
 * not, so a viewer joins between key frames as it does with a camera: H.264, 640×360 at 15 frames
 * a second, a key frame every 2 s. RTSP cameras hand their RTP to a small RTSP server
 * (rtsp-server.ts), HTTP ones serve an endless MPEG-TS. A clocked camera encodes a test pattern
 * stamped with the time live (libx264, some CPU); the others loop one clip copied (almost none).
 * A camera with a sub stream runs a second ffmpeg looping a 320×180 clip copied.
 */
export async function startTestCameras(
  plan: TestCameraPlan = { rtsp: 6, http: 4, clockedPerKind: 1 },
): Promise<TestCameras> {
  const dir = await mkdtemp(join(tmpdir(), 'cfop-cameras-'));
  const makeClip = async (name: string, pictureSize: string) => {
    const path = join(dir, name);
    await promisify(execFile)('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `testsrc2=size=${pictureSize}:rate=${cameraFrameRate}`, '-t', '10', ...cameraEncoding()],
      path,
    ]);
    return path;
  };
  const clip = await makeClip('clip.ts', size);
  const subStreams = plan.subStreamsPerKind ?? 0;
  const subClip = subStreams > 0 ? await makeClip('clip-sub.ts', subSize) : null;
  const sources: ChildProcess[] = [];
  const sockets: UdpSocket[] = [];
  const viewers = new Set<ServerResponse>();
  const httpFeeds = new Map<string, Set<ServerResponse>>();
  const rtsp = await startRtspServer();
  const http = createServer((request, response) => {
    const feed = httpFeeds.get(request.url ?? '');
    if (!feed) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'video/mp2t' });
    feed.add(response);
    viewers.add(response);
    response.on('close', () => {
      feed.delete(response);
      viewers.delete(response);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, loopback, resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('no loopback port');

  const looped = (path: string) => ['-re', '-stream_loop', '-1', '-i', path, '-map', '0:v:0', '-c:v', 'copy'];
  const input = (name: string, clocked: boolean) =>
    clocked
      ? [
          ...['-re', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${cameraFrameRate}`],
          ...[
            '-filter_complex',
            clockFilter(name, cameraFrameRate),
            ...cameraEncoding(),
            '-tune',
            'zerolatency',
          ],
        ]
      : looped(clip);
  const run = (args: string[], stdout: 'pipe' | 'ignore') => {
    const child = spawnDyingWithParent(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args],
      {
        stdio: ['ignore', stdout, 'inherit'],
      },
    );
    sources.push(child);
    return child;
  };

  /** An RTSP stream at `path` sending what `args` read. */
  const rtspStream = async (path: string, args: string[]) => {
    const { feed, rtpUrl, udp } = await rtpFeed(join(dir, `${path}.sdp`));
    sockets.push(...udp);
    run([...args, '-f', 'rtp', '-sdp_file', join(dir, `${path}.sdp`), rtpUrl], 'ignore');
    rtsp.offer(path, feed);
    return `rtsp://${loopback}:${rtsp.port}/${path}`;
  };
  /** An endless MPEG-TS over HTTP at `path` of what `args` read. */
  const httpStream = (path: string, args: string[]) => {
    const feed = new Set<ServerResponse>();
    httpFeeds.set(path, feed);
    fanOutTs(run([...args, '-f', 'mpegts', '-flush_packets', '1', 'pipe:1'], 'pipe'), feed);
    return `http://${loopback}:${address.port}${path}`;
  };

  const cameras: TestCamera[] = [];
  for (let index = 1; index <= plan.rtsp; index += 1) {
    const name = `RTSP ${index}`;
    const clocked = index <= plan.clockedPerKind;
    const url = await rtspStream(`camera-${index}`, input(name, clocked));
    const subUrl =
      subClip && index <= subStreams ? await rtspStream(`camera-${index}-sub`, looped(subClip)) : null;
    cameras.push({ name, kind: 'rtsp', url, subUrl, clock: clocked });
  }
  for (let index = 1; index <= plan.http; index += 1) {
    const name = `HTTP ${index}`;
    const clocked = index <= plan.clockedPerKind;
    const url = httpStream(`/camera-${index}.ts`, input(name, clocked));
    const subUrl =
      subClip && index <= subStreams ? httpStream(`/camera-${index}-sub.ts`, looped(subClip)) : null;
    cameras.push({ name, kind: 'http', url, subUrl, clock: clocked });
  }
  return {
    cameras,
    async stop() {
      for (const child of sources) child.kill('SIGKILL');
      for (const socket of sockets) socket.close();
      for (const viewer of viewers) viewer.destroy();
      await Promise.all([rtsp.stop(), new Promise((resolve) => http.close(resolve))]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * libx264 with a fixed key frame interval, no extra key frames at scene cuts, and no B-frames as
 * most cameras send: a looped clip with B-frames lost its first key frame at each loop
 * (`-stream_loop` with `-c copy`), a 4 s gap once every 10 s that a joining viewer waited out. A
 * stream made beforehand, not live, may take a faster preset.
 */
export function cameraEncoding(preset = 'veryfast'): string[] {
  const gop = String(cameraFrameRate * keyFrameSeconds);
  return [
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-pix_fmt',
    'yuv420p',
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-bf',
    '0',
  ];
}

/** Loopback UDP ports for ffmpeg's RTP output (its RTCP goes to a second one and is dropped). */
async function rtpFeed(sdpPath: string): Promise<{ feed: RtpFeed; rtpUrl: string; udp: UdpSocket[] }> {
  const bind = async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, loopback, resolve));
    return socket;
  };
  const [rtp, rtcp] = await Promise.all([bind(), bind()]);
  const listeners = new Set<(packet: Buffer) => void>();
  rtp.on('message', (packet) => {
    for (const listener of listeners) listener(packet);
  });
  rtcp.on('message', () => undefined);
  const feed: RtpFeed = {
    sdp: readWhenWritten(sdpPath),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const rtpUrl = `rtp://${loopback}:${rtp.address().port}?rtcpport=${rtcp.address().port}&pkt_size=1200`;
  return { feed, rtpUrl, udp: [rtp, rtcp] };
}

/** The file's text once it exists and is not empty (ffmpeg writes its SDP file at its start). */
async function readWhenWritten(path: string): Promise<string> {
  for (;;) {
    const text = await readFile(path, 'utf8').catch(() => '');
    if (text.includes('m=video')) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Sends one ffmpeg's MPEG-TS to every viewer of it; a new viewer starts at the next whole TS packet
 * (the stream's own tables, repeated, tell it the rest).
 */
function fanOutTs(child: ChildProcess, viewers: Set<ServerResponse>): void {
  const joined = new WeakSet<ServerResponse>();
  let offset = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    const skip = (tsPacket - (offset % tsPacket)) % tsPacket;
    offset += chunk.length;
    for (const viewer of viewers) {
      if (joined.has(viewer)) viewer.write(chunk);
      else if (skip < chunk.length) {
        joined.add(viewer);
        viewer.write(chunk.subarray(skip));
      }
    }
  });
}
