import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckedStream, StreamAddressPolicy } from '../streams/stream-address';
import {
  checkStreamAddress,
  spawnPiped,
  streamEndReason,
  streamInput,
  watchStreamProcess,
  type StreamEndReason,
  type StreamSpawn,
} from '../streams/stream-process';
import type { Clock } from '../kernel/clock';
import { privateDirMode } from '../kernel/private-files';
import type { Db } from '../db/open-database';
import { ApiError } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { RecordingStore } from './recording-store';
import { addSegment } from './segment-index';
import { fileVideoCodec } from '../streams/video-codec';

export type RecorderMode = 'continuous' | 'alerts';

/** How long a recorder waits before starting again after its source failed: doubling from `firstMs`. */
export interface Backoff {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const defaultBackoff: Backoff = { firstMs: 1000, maxMs: 60_000 };

export interface RecorderOptions {
  readonly cameraId: number;
  /** The camera's main stream, credentials and all. */
  readonly url: string;
  readonly mode: RecorderMode;
  /** Where ffmpeg writes the segment in progress; finished ones move to the store. */
  readonly spoolDir: string;
  readonly segmentSeconds: number;
  readonly store: RecordingStore;
  readonly db: Db;
  readonly clock: Clock;
  readonly policy: StreamAddressPolicy;
  /** The live views' read time-out: a silent source ends the run, and the recorder starts again. */
  readonly readTimeoutMs: number;
  readonly backoff: Backoff;
  readonly log: FastifyBaseLogger;
  readonly spawn?: StreamSpawn;
}

/** What a recorder has done so far, for the server's checks and tests. */
export interface RecorderState {
  /** ffmpeg runs now. */
  readonly running: boolean;
  /** Runs started after the first (each after its source failed or ended). */
  readonly restarts: number;
  /** The waits before the last restarts (at most 20), oldest first (ms). */
  readonly waits: readonly number[];
  /** Segments stored and indexed. */
  readonly segments: number;
  /** Why the last run ended, or null while none has. */
  readonly lastEnd: StreamEndReason | null;
}

export interface Recorder {
  readonly cameraId: number;
  readonly url: string;
  readonly mode: RecorderMode;
  state(): RecorderState;
  /** Ends ffmpeg (letting it close the segment it writes) and stops restarting; settles once it is gone. */
  stop(): Promise<void>;
}

const keptWaits = 20;

/** A stopping ffmpeg gets this long to write out its last segment before it is killed. */
const stopGraceMs = 5000;

const failure = (reason: LocalText) => new ApiError('502', reason);

/**
 * Records one camera's main stream as copied segments (ffmpeg's segment muxer, `-c copy`: the video
 * is never encoded again, whatever its codec), one run of ffmpeg after another: a run that ends (the
 * source silent past the read time-out, refused, gone) is followed by another after a back-off that
 * doubles while runs fail and starts afresh once a run stored a segment. ffmpeg names each finished
 * segment on its standard output (a CSV segment list); the recorder moves it into the store and
 * indexes it, with its wall-clock span.
 */
export function startRecorder(options: RecorderOptions): Recorder {
  const spawn = options.spawn ?? spawnPiped;
  const { cameraId } = options;
  let stopped = false;
  let child: ChildProcess | null = null;
  let restarts = 0;
  const waits: number[] = [];
  let segments = 0;
  let lastEnd: StreamEndReason | null = null;
  let wake: (() => void) | null = null;

  const log = (detail: string) => options.log.warn(`recorder of camera ${cameraId}: ${detail}`);

  async function runOnce(): Promise<number> {
    const stream = await checkStreamAddress(options.url, options.policy, failure, log);
    if (stopped) return 0;
    const run = `${options.clock.now().getTime().toString(36)}${randomBytes(3).toString('hex')}`;
    await mkdir(options.spoolDir, { recursive: true, mode: privateDirMode });
    const ffmpeg = spawn('ffmpeg', segmentArgs(stream, options, join(options.spoolDir, `${run}-%06d.ts`)));
    child = ffmpeg;
    const watch = watchStreamProcess(ffmpeg, failure, log);
    let stored = 0;
    const place = runTimeline();
    // Segments are stored one after another, in the order ffmpeg finished them.
    let storing = Promise.resolve();
    // A run copies one track of one stream: its first segment's codec is every one's.
    let codec: Promise<string | null> | null = null;
    const lines = createInterface({ input: ffmpeg.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const entry = parseListEntry(line);
      if (!entry) return;
      const { startedAt, endedAt: ended } = place(entry, options.clock.now().getTime());
      storing = storing.then(async () => {
        try {
          codec ??= fileVideoCodec(join(options.spoolDir, entry.file), log);
          await storeSegment(options, run, entry.file, startedAt, ended, await codec);
          stored += 1;
          segments += 1;
        } catch (error) {
          log(`could not store ${entry.file}: ${(error as Error).message}`);
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => {
      ffmpeg.on('error', (error) => {
        log(error.message);
        resolve(null);
      });
      ffmpeg.on('close', resolve);
    });
    child = null;
    await storing;
    lastEnd = streamEndReason(code, watch.lastLine());
    if (!stopped) log(`ended (${lastEnd}, exit ${String(code)}) ${watch.lastLine()}`.trim());
    // The segment cut short by a kill was never listed: it goes with the run.
    await removeRunLeftovers(options.spoolDir, run);
    return stored;
  }

  const done = (async () => {
    let failures = 0;
    while (!stopped) {
      let stored = 0;
      try {
        stored = await runOnce();
      } catch (error) {
        if (!(error instanceof ApiError)) log((error as Error).message);
      }
      if (stopped) break;
      failures = stored > 0 ? 1 : failures + 1;
      const wait = Math.min(options.backoff.maxMs, options.backoff.firstMs * 2 ** (failures - 1));
      waits.push(wait);
      // A source gone for days restarts every minute: only the recent waits are told.
      if (waits.length > keptWaits) waits.shift();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (!stopped) restarts += 1;
    }
  })();

  return {
    cameraId,
    url: options.url,
    mode: options.mode,
    state: () => ({ running: child !== null, restarts, waits: [...waits], segments, lastEnd }),
    async stop() {
      stopped = true;
      wake?.();
      const running = child;
      // ffmpeg ends cleanly on SIGTERM, closing and listing the segment it writes.
      running?.kill('SIGTERM');
      const kill = running ? setTimeout(() => running.kill('SIGKILL'), stopGraceMs) : undefined;
      await done;
      clearTimeout(kill);
    },
  };
}

/**
 * ffmpeg's arguments: the camera's first video track copied into MPEG-TS segments of about
 * `segmentSeconds` (cut at key frames), each listed on standard output once finished. No audio: the
 * console plays none, and a camera's G.711 does not fit MPEG-TS.
 */
function segmentArgs(
  stream: CheckedStream,
  options: Pick<RecorderOptions, 'readTimeoutMs' | 'segmentSeconds'>,
  pattern: string,
): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...streamInput(stream, options.readTimeoutMs),
    ...['-map', '0:v:0', '-an', '-c:v', 'copy'],
    ...['-f', 'segment', '-segment_time', String(options.segmentSeconds), '-segment_format', 'mpegts'],
    ...['-segment_list', 'pipe:1', '-segment_list_type', 'csv', pattern],
  ];
}

/** `run-000001.ts,12.000000,22.040000`: the file and its start and end by the stream's timestamps (s), or null for anything else. */
export function parseListEntry(line: string): ListEntry | null {
  const match = /^([A-Za-z0-9-]+\.ts),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(line.trim());
  if (!match) return null;
  const [start, end] = [Number(match[2]), Number(match[3])];
  return end >= start ? { file: match[1] as string, start, end } : null;
}

export interface ListEntry {
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Past this, a segment noticed later than the least lateness whose timestamps do not continue the
 * previous segment's is taken for a jump in them (a camera that restarted its clock): the run's
 * anchor is set afresh. Timestamps that continue were only noticed late, however late: a stall of
 * the source or the server, and the burst after it.
 */
const longestNoticeMs = 30_000;

/**
 * The least lateness is the least over this last stretch of the run: long enough that a busy server
 * noticed some segment promptly within it, short enough that the anchor follows a camera whose clock
 * runs slow (a few seconds a day) instead of jumping after it.
 */
const anchorWindowMs = 3_600_000;

/**
 * Places one run's segments on the wall clock by the stream's own timestamps. The wall-clock time
 * at timestamp 0 (the anchor) is the earliest of (noticed - end) over the run's segments of the last
 * hour: a segment is only ever noticed late (a busy server reads ffmpeg's list seconds
 * after, a stalled source sends what it held in a burst), never early, so the least late one tells
 * the anchor best. Each segment then spans its timestamps from that anchor, starting where the
 * previous one ended when its timestamps say so (within a second): a busy server no longer shows
 * false gaps and overlaps of seconds between segments, and the picture's time is off by the least
 * delay seen, not by each one. Only when that least delay shrinks by more than a second does a
 * segment overlap the one before: the earlier ones were placed that much late.
 */
export function runTimeline(): (
  entry: Pick<ListEntry, 'start' | 'end'>,
  noticedAt: number,
) => {
  startedAt: number;
  endedAt: number;
} {
  let lateness: { noticedAt: number; seen: number }[] = [];
  let previous: { end: number; endedAt: number } | null = null;
  const least = () => Math.min(...lateness.map((noticed) => noticed.seen));
  return (entry, noticedAt) => {
    const seen = noticedAt - entry.end * 1000;
    const continues = previous !== null && Math.abs(entry.start - previous.end) < 1;
    if (!continues && seen - least() > longestNoticeMs) lateness = [];
    lateness = lateness.filter((noticed) => noticedAt - noticed.noticedAt <= anchorWindowMs);
    lateness.push({ noticedAt, seen });
    const anchor = least();
    const byTimestamps = Math.round(anchor + entry.start * 1000);
    const startedAt =
      previous !== null && Math.abs(byTimestamps - previous.endedAt) < 1000 ? previous.endedAt : byTimestamps;
    const endedAt = Math.max(Math.round(anchor + entry.end * 1000), startedAt);
    previous = { end: entry.end, endedAt };
    return { startedAt, endedAt };
  };
}

/** The segment's key in the store: by camera and day (UTC), named by its start and run. */
export function segmentKey(cameraId: number, startedAt: number, file: string): string {
  const start = new Date(startedAt).toISOString();
  const compact = start.replace(/[-:]/g, '').replace('.', '');
  return `${cameraId}/${start.slice(0, 10)}/${compact}-${file}`;
}

async function storeSegment(
  options: RecorderOptions,
  run: string,
  file: string,
  startedAt: number,
  endedAt: number,
  codec: string | null,
): Promise<void> {
  const key = segmentKey(options.cameraId, startedAt, file);
  const bytes = await options.store.put(key, join(options.spoolDir, file));
  await addSegment(options.db, {
    camera_id: options.cameraId,
    started_at: new Date(startedAt).toISOString(),
    ended_at: new Date(endedAt).toISOString(),
    bytes,
    store_key: key,
    run,
    awaiting_alert: options.mode === 'alerts' ? 1 : 0,
    codec,
  });
}

async function removeRunLeftovers(spoolDir: string, run: string): Promise<void> {
  const names = await readdir(spoolDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${run}-`))
      .map((name) => rm(join(spoolDir, name), { force: true })),
  );
}
