import { execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serveLoopedClip } from '../test-support/looped-clip';

type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number };

/** ffmpeg's moving test sources, one per demo camera: each camera shows a scene of its own. */
const sources = [
  'testsrc2=size=640x360:rate=10',
  'mandelbrot=size=640x360:rate=10',
  'life=size=640x360:rate=10:mold=10:ratio=0.2:life_color=#3cb371:death_color=#203040',
  'gradients=size=640x360:rate=10:speed=0.05',
  'cellauto=size=640x360:rate=10:rule=110',
  'testsrc=size=640x360:rate=10',
] as const;

const clipSeconds = 4;
const width = 640;
const height = 360;

/** The demo's camera streams on loopback, and frames of them with a detection's boxes drawn. */
export interface Scenes {
  /** The live stream URL of each scene, in order. */
  readonly urls: readonly string[];
  /** A JPEG of scene `index` at a random moment, each box drawn in red as a box marks a detection. */
  snapshot(index: number, boxes: readonly Box[]): Promise<Buffer>;
  stop(): Promise<void>;
}

const ffmpeg = (args: readonly string[]) =>
  promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args], {
    encoding: 'buffer',
    maxBuffer: 8 * 1024 * 1024,
  });

/**
 * Encodes a few seconds of each scene once (H.264, a key frame a second), then serves each as an
 * endless live MPEG-TS, looped without re-encoding: six cameras cost six copying ffmpegs, not six
 * encoders, on a small machine.
 */
export async function startScenes(): Promise<Scenes> {
  const dir = await mkdtemp(join(tmpdir(), 'cfop-demo-scenes-'));
  const clips = sources.map((_, index) => join(dir, `scene-${index + 1}.ts`));
  await Promise.all(
    sources.map((source, index) =>
      ffmpeg([
        ...['-f', 'lavfi', '-i', source, '-t', String(clipSeconds)],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p'],
        ...['-f', 'mpegts', clips[index] as string],
      ]),
    ),
  );
  const loops = new Set<ChildProcess>();
  const http = createServer((request, response) => {
    const index = Number(/^\/scene-(\d+)\.ts$/.exec(request.url ?? '')?.[1]) - 1;
    const clip = clips[index];
    if (clip === undefined) return void response.writeHead(404).end();
    serveLoopedClip(clip, response, loops);
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const { port } = http.address() as AddressInfo;
  return {
    urls: clips.map((_, index) => `http://127.0.0.1:${port}/scene-${index + 1}.ts`),
    async snapshot(index, boxes) {
      const at = (Math.random() * (clipSeconds - 0.5)).toFixed(2);
      const drawn = boxes.map(
        (box) =>
          `drawbox=x=${Math.round(box.x * width)}:y=${Math.round(box.y * height)}` +
          `:w=${Math.round(box.width * width)}:h=${Math.round(box.height * height)}:color=red@0.9:t=4`,
      );
      const { stdout } = await ffmpeg([
        // Seeking after the input decodes from the clip's start: slower than before it, but a frame
        // is always found (a seek in MPEG-TS can land past the last key frame).
        ...['-i', clips[index % clips.length] as string, '-ss', at, '-frames:v', '1'],
        ...(drawn.length > 0 ? ['-vf', drawn.join(',')] : []),
        ...['-f', 'image2pipe', '-vcodec', 'mjpeg', '-'],
      ]);
      if (stdout.length === 0) throw new Error(`ffmpeg made no frame of scene ${index + 1}`);
      return stdout;
    },
    async stop() {
      for (const loop of loops) loop.kill('SIGKILL');
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
