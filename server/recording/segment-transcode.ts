import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, retryLater } from '../kernel/api-error';
import { privateDirMode } from '../kernel/private-files';
import { spawnPiped, type StreamSpawn } from '../streams/stream-process';
import { createStreamSlots } from '../streams/stream-slots';
import type { RecordingStore } from './recording-store';
import type { SegmentRow } from './segment-index';

/** A segment of a minute transcodes in seconds; this only ends an ffmpeg that hangs. */
const transcodeTimeoutMs = 120_000;
/** How long a request waits for a transcoding slot before it is told to retry. */
const slotWaitMs = 15_000;
const stderrKept = 2048;

export interface TranscoderOptions {
  readonly store: RecordingStore;
  /** Where transcoded copies are kept: inside the spool, so emptied at start like it. */
  readonly dir: string;
  /** ffmpeg transcodes at most at once (CFOP_RECORDING_MAX_TRANSCODES); 0: none is made. */
  readonly maxAtOnce: number;
  /** The transcoded copies kept together stay within this (CFOP_RECORDING_TRANSCODE_CACHE_MB). */
  readonly cacheBytes: number;
  readonly log: FastifyBaseLogger;
  readonly spawn?: StreamSpawn;
}

/** A segment's video, ready to be sent. */
export interface SegmentVideo {
  readonly body: Readable;
  readonly size: number;
}

/** Makes H.264 copies of recorded segments for browsers that cannot decode their codec (H.265). */
export interface SegmentTranscoder {
  /** Whether copies are made at all (CFOP_RECORDING_MAX_TRANSCODES above 0). */
  readonly enabled: boolean;
  /**
   * The segment's video as H.264 MPEG-TS, with its timestamps as recorded (so it plays on from the
   * segment before). Fails with "503" when transcoding is off or busy, "502" when ffmpeg failed,
   * ENOENT when the segment's file is gone.
   */
  h264(segment: Pick<SegmentRow, 'id' | 'store_key'>, signal: AbortSignal): Promise<SegmentVideo>;
  /** Transcodes ffmpeg has finished so far (a copy served again from the cache is not one). */
  made(): number;
  /**
   * Removes the copies of segments `indexed` no longer answers for (the sweep removed them), so
   * that removed footage leaves no copy behind.
   */
  keepIndexed(indexed: (ids: readonly number[]) => Promise<ReadonlySet<number>>): Promise<void>;
}

export const transcodingOff = () =>
  new ApiError('503', {
    zh: '服务器未开启录像转码（CFOP_RECORDING_MAX_TRANSCODES 为 0）',
    en: 'The server does not transcode recordings (CFOP_RECORDING_MAX_TRANSCODES is 0)',
  });

const transcodeFailed = () =>
  new ApiError('502', { zh: '录像转码失败', en: 'The recording could not be transcoded' });

const callerGone = () => new ApiError('503', { zh: '请求已取消', en: 'The request was cancelled' });

interface Job {
  readonly done: Promise<void>;
  waiters: number;
  readonly stop: () => void;
}

/**
 * Each segment is transcoded once at a time (later requests for it wait for the same ffmpeg),
 * at most `maxAtOnce` at once (others wait for a slot, then are told to retry), and its copy is
 * kept in `dir` while the copies stay within `cacheBytes` (least recently served go first). An
 * ffmpeg every waiting request has given up on is killed, as one past its time-out is.
 */
export function createSegmentTranscoder(options: TranscoderOptions): SegmentTranscoder {
  const slots = createStreamSlots(options.maxAtOnce);
  const spawn = options.spawn ?? spawnPiped;
  // Least recently served first: a Map keeps the order its keys were set in.
  const cached = new Map<number, number>();
  let cachedBytes = 0;
  const making = new Map<number, Job>();
  let made = 0;

  const copyFile = (id: number) => join(options.dir, `${id}.ts`);

  const forget = (id: number) => {
    cachedBytes -= cached.get(id) ?? 0;
    cached.delete(id);
  };

  const remember = async (id: number, bytes: number) => {
    forget(id);
    cached.set(id, bytes);
    cachedBytes += bytes;
    for (const [oldest] of cached) {
      if (cachedBytes <= options.cacheBytes || oldest === id) break;
      forget(oldest);
      // One being sent still reads its open file.
      await rm(copyFile(oldest), { force: true });
    }
  };

  const openCopy = async (id: number): Promise<SegmentVideo | null> => {
    const bytes = cached.get(id);
    if (bytes === undefined) return null;
    try {
      const file = await open(copyFile(id));
      await remember(id, bytes);
      return { body: file.createReadStream(), size: bytes };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      forget(id);
      return null;
    }
  };

  const transcode = async (segment: Pick<SegmentRow, 'id' | 'store_key'>, signal: AbortSignal) => {
    const slot = await slots.take(slotWaitMs);
    if (!slot) {
      throw retryLater('503', slotWaitMs, (seconds) => ({
        zh: `正在转码的录像已达上限，请 ${seconds} 秒后重试`,
        en: `Too many recordings are being transcoded; try again in ${seconds} s`,
      }));
    }
    const part = join(options.dir, `${segment.id}-${randomBytes(4).toString('hex')}`);
    try {
      if (signal.aborted) throw callerGone();
      await mkdir(options.dir, { recursive: true, mode: privateDirMode });
      await pipeline(await options.store.read(segment.store_key), createWriteStream(`${part}.in.ts`));
      await runFfmpeg(spawn, `${part}.in.ts`, `${part}.out.ts`, signal, options.log);
      const { size } = await stat(`${part}.out.ts`);
      await rename(`${part}.out.ts`, copyFile(segment.id));
      made += 1;
      await remember(segment.id, size);
    } finally {
      slot.release();
      await rm(`${part}.in.ts`, { force: true });
      await rm(`${part}.out.ts`, { force: true });
    }
  };

  /** Waits for the segment's transcode, started now or already running; gives up when `signal` aborts. */
  const joined = (segment: Pick<SegmentRow, 'id' | 'store_key'>, signal: AbortSignal) => {
    let job = making.get(segment.id);
    if (!job) {
      const stopper = new AbortController();
      const done = transcode(segment, stopper.signal);
      const started: Job = { done, waiters: 0, stop: () => stopper.abort() };
      const finished = () => {
        if (making.get(segment.id) === started) making.delete(segment.id);
      };
      done.then(finished, finished);
      making.set(segment.id, started);
      job = started;
    }
    const running = job;
    running.waiters += 1;
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        signal.removeEventListener('abort', onAbort);
        running.waiters -= 1;
      };
      const onAbort = () => {
        leave();
        if (running.waiters === 0) running.stop();
        reject(callerGone());
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort);
      running.done.then(
        () => {
          leave();
          resolve();
        },
        (error: unknown) => {
          leave();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  };

  return {
    enabled: options.maxAtOnce > 0,
    async h264(segment, signal) {
      if (options.maxAtOnce === 0) throw transcodingOff();
      // A copy evicted between its transcode and its opening is made again, once.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const copy = await openCopy(segment.id);
        if (copy) return copy;
        await joined(segment, signal);
      }
      const copy = await openCopy(segment.id);
      if (!copy) throw transcodeFailed();
      return copy;
    },
    made: () => made,
    async keepIndexed(indexed) {
      if (cached.size === 0) return;
      const kept = await indexed([...cached.keys()]);
      for (const id of [...cached.keys()]) {
        if (kept.has(id)) continue;
        forget(id);
        await rm(copyFile(id), { force: true });
      }
    },
  };
}

/**
 * ffmpeg's H.264 copy of an MPEG-TS segment: the first video track only, no B-frames and the
 * input's timestamps kept (`-copyts`, no added mux delay), so copies play on from one another and
 * from the segments around them as the recording did.
 */
async function runFfmpeg(
  spawn: StreamSpawn,
  input: string,
  output: string,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<void> {
  const ffmpeg = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-copyts', '-i', input],
    ...['-map', '0:v:0', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-pix_fmt', 'yuv420p'],
    ...['-muxdelay', '0', '-muxpreload', '0', '-f', 'mpegts', '-y', output],
  ]);
  let stderr = '';
  ffmpeg.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-stderrKept);
  });
  ffmpeg.stdout?.resume();
  const kill = () => ffmpeg.kill('SIGKILL');
  const timer = setTimeout(kill, transcodeTimeoutMs);
  signal.addEventListener('abort', kill);
  const code = await new Promise<number | null>((resolve) => {
    ffmpeg.once('error', (error) => {
      stderr = error.message;
      resolve(null);
    });
    ffmpeg.once('close', resolve);
  }).finally(() => {
    clearTimeout(timer);
    signal.removeEventListener('abort', kill);
  });
  if (signal.aborted) throw callerGone();
  if (code !== 0) {
    log.warn(`recording transcode failed (ffmpeg ${code ?? 'killed'}): ${stderr.trim()}`);
    throw transcodeFailed();
  }
}
