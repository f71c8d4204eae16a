import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serveLoopedClip } from './looped-clip';

const loopback = '127.0.0.1';

/** A camera stream stand-in on loopback, for tests that grab frames with ffmpeg. */
export interface TestStream {
  /** An MP4 of ffmpeg's `testsrc` pattern served over HTTP. */
  readonly url: string;
  /** An endless live MPEG-TS of the pattern in H.264, paced in real time, as a camera streams. */
  readonly liveUrl: string;
  /** The same live stream in MPEG-4 Part 2, which browsers do not play: the server must encode it. */
  readonly liveMpeg4Url: string;
  /** Accepts connections and never answers: a grab from it can only time out. */
  readonly silentUrl: string;
  /** A loopback port nothing listens on: a grab fails at once. */
  readonly unreachableUrl: string;
  /** Connections to silentUrl still open: a grabber that gave up has closed its own. */
  silentConnections(): number;
  /**
   * The live streams go silent, as a camera that lost power behind its switch: running ones stop
   * sending but stay connected, new requests get no answer until `restore`.
   */
  cut(): void;
  /** The live streams come back: silent ones close, waiting and new requests are answered. */
  restore(): void;
  stop(): Promise<void>;
}

/** Two seconds of ffmpeg's 640×360 test pattern at 10 frames a second, a key frame each second. */
async function makeClip(path: string, codec: 'libx264' | 'mpeg4'): Promise<void> {
  // yuv420p: testsrc is RGB, and x264 would otherwise write 4:4:4, which browsers play badly.
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=10'],
    ...['-t', '2', '-c:v', codec, '-g', '10', '-pix_fmt', 'yuv420p'],
    ...(path.endsWith('.mp4') ? ['-movflags', '+faststart'] : []),
    path,
  ]);
}

/**
 * Makes a two-second 640×360 test pattern with ffmpeg and serves it over loopback HTTP: as a file,
 * and as endless live streams (the clip looped and paced in real time by an ffmpeg per viewer).
 */
export async function startTestStream(): Promise<TestStream> {
  const dir = await mkdtemp(join(tmpdir(), 'cfop-stream-'));
  const clip = join(dir, 'testsrc.mp4');
  const liveClips: Record<string, string> = {
    '/live.ts': join(dir, 'live-h264.ts'),
    '/live-mpeg4.ts': join(dir, 'live-mpeg4.ts'),
  };
  await Promise.all([
    makeClip(clip, 'libx264'),
    makeClip(liveClips['/live.ts'] as string, 'libx264'),
    makeClip(liveClips['/live-mpeg4.ts'] as string, 'mpeg4'),
  ]);
  const video = await readFile(clip);
  const loops = new Set<ChildProcess>();
  let held: (() => void)[] | null = null;
  const http = createServer((request, response) => {
    const live = liveClips[request.url ?? ''];
    if (live && held) return void held.push(() => serveLoopedClip(live, response, loops));
    if (live) return serveLoopedClip(live, response, loops);
    if (request.url !== '/testsrc.mp4') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': video.length }).end(video);
  });
  const sockets = new Set<Socket>();
  const silent = createTcpServer((socket) => {
    sockets.add(socket);
    // The request is read and ignored, so the peer's close is seen.
    socket.resume();
    socket.on('close', () => sockets.delete(socket));
  });
  const httpPort = await listen(http);
  const silentPort = await listen(silent);
  const unreachablePort = await freePort();
  return {
    url: `http://${loopback}:${httpPort}/testsrc.mp4`,
    liveUrl: `http://${loopback}:${httpPort}/live.ts`,
    liveMpeg4Url: `http://${loopback}:${httpPort}/live-mpeg4.ts`,
    silentUrl: `http://${loopback}:${silentPort}/never.mp4`,
    unreachableUrl: `http://${loopback}:${unreachablePort}/gone.mp4`,
    silentConnections: () => sockets.size,
    cut() {
      held ??= [];
      for (const loop of loops) loop.kill('SIGSTOP');
    },
    restore() {
      for (const loop of loops) loop.kill('SIGKILL');
      for (const answer of held?.splice(0) ?? []) answer();
      held = null;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      for (const loop of loops) loop.kill('SIGKILL');
      http.closeAllConnections();
      await Promise.all([close(http), close(silent)]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, loopback, resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no loopback port');
  return address.port;
}

async function close(server: Server | ReturnType<typeof createTcpServer>): Promise<void> {
  await new Promise((resolve) => server.close(resolve));
}

/** A port that was free a moment ago; nothing of ours listens on it. */
async function freePort(): Promise<number> {
  const probe = createTcpServer();
  const port = await listen(probe);
  await close(probe);
  return port;
}
