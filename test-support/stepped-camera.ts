import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { clockFilter } from './clock-picture';
import { cameraEncoding, cameraFrameRate } from './test-cameras';

const loopback = '127.0.0.1';
/** A small picture: encoding an hour of it takes seconds. */
const size = '160x90';
/** 24 blocks of 6 px fit its width. */
export const steppedClockBlockPx = 6;

export interface SteppedCamera {
  /** Its endless MPEG-TS over loopback HTTP, for one viewer. */
  readonly url: string;
  readonly frameRate: number;
  /** Frames in the whole stream. */
  readonly frames: number;
  /** Sends every frame before `frame` not sent yet (once the viewer has come). */
  sendUntil(frame: number): Promise<void>;
  /** Sends the rest and closes the stream, as a camera that goes away. */
  end(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A clocked test camera whose time the test moves: `seconds` of a 160×90 picture at the test
 * cameras' frame rate and key frame interval, each frame stamped with `startMs` plus its own
 * timestamp (clock-picture.ts), encoded beforehand as fast as the machine goes and then sent to its
 * one viewer only as far as the test says. A test that sets its server's clock to the time of the
 * last frame sent shows the server an hour of a camera in seconds.
 *
 * Each frame's PES packet carries its length, so a reader has a frame whole as soon as its last
 * byte came, without waiting for the next one.
 */
export async function startSteppedCamera(seconds: number, startMs: number): Promise<SteppedCamera> {
  const dir = await mkdtemp(join(tmpdir(), 'cfop-stepped-'));
  const file = join(dir, 'stream.ts');
  const run = promisify(execFile);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `color=c=0x405060:size=${size}:rate=${cameraFrameRate}`, '-t', String(seconds)],
    ...[
      '-filter_complex',
      clockFilter('STEPPED', cameraFrameRate, { blockPx: steppedClockBlockPx, startMs }),
    ],
    ...cameraEncoding('ultrafast'),
    ...['-f', 'mpegts', '-omit_video_pes_length', '0', file],
  ]);
  const bytes = await readFile(file);
  // Where each frame starts in the file (its PES packet's first TS packet), in order.
  const { stdout } = await run(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pos',
      '-of',
      'default=nw=1:nk=1',
      file,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const starts = stdout.trim().split('\n').map(Number);
  const offsetOf = (frame: number) => (frame < starts.length ? (starts[frame] as number) : bytes.length);

  let viewer: ServerResponse | null = null;
  let came: () => void = () => undefined;
  const viewerCame = new Promise<void>((resolve) => (came = resolve));
  let sent = 0;
  const http = createServer((_request, response) => {
    if (viewer) return void response.writeHead(404).end();
    viewer = response.writeHead(200, { 'content-type': 'video/mp2t' });
    came();
  });
  await new Promise<void>((resolve) => http.listen(0, loopback, resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('no loopback port');

  const sendUntil = async (frame: number) => {
    await viewerCame;
    const until = offsetOf(frame);
    if (until > sent) viewer?.write(bytes.subarray(sent, until));
    sent = Math.max(sent, until);
  };
  return {
    url: `http://${loopback}:${address.port}/stepped.ts`,
    frameRate: cameraFrameRate,
    frames: starts.length,
    sendUntil,
    async end() {
      await sendUntil(starts.length);
      viewer?.end();
    },
    async stop() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
