import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckedStream, StreamAddressPolicy } from '../cameras/stream-address';
import {
  checkStreamAddress,
  spawnPiped,
  streamEndReason,
  streamEndTexts,
  streamInput,
  watchStreamProcess,
  type FailureLog,
  type StreamEndReason,
  type StreamSpawn,
} from '../cameras/stream-process';
import { privateDirMode } from '../data-folder/private-files';
import { ApiError } from '../http/api-error';
import type { LocalText } from '../http/locale';
import type { StreamSlot, StreamSlots } from './stream-slots';
import { h264StreamType, tsStreamTypes } from './ts-stream-types';

export type LiveStreamName = 'main' | 'sub';

export interface LiveSessionOptions {
  /** Where each live view writes its playlist and segments (one folder each); emptied at start. */
  readonly rootDir: string;
  /**
   * The ffmpeg budget shared with frame grabs (CFOP_LIVE_MAX_STREAMS): a view takes a slot from
   * opening to stop; a view finding none free is refused with a 503.
   */
  readonly slots: StreamSlots;
  /** Where streams may point; checked right before each view opens. */
  readonly policy: StreamAddressPolicy;
  /** A live view with no playlist or segment fetch for this long is stopped. */
  readonly idleMs: number;
  /** How long a stream may take from opening to its first playlist. */
  readonly startTimeoutMs: number;
  /** A source silent this long ends its relay (and a probe of it), which the next request restarts. */
  readonly readTimeoutMs: number;
  readonly log: FastifyBaseLogger;
  /** Starts ffprobe and the relays' ffmpeg; tests read their arguments. */
  readonly spawn?: StreamSpawn;
  /**
   * Told what each relay learns of its camera's stream: `up` once it plays, `down` when it could
   * not start or ended by itself, `idle` when the server stopped it for want of viewers.
   */
  readonly onStreamState?: (cameraId: number, state: RelayStreamState) => void;
}

export type RelayStreamState = 'up' | 'down' | 'idle';

/** What a camera stream's live view is asked for; `url` is the stream it reads. */
export interface LiveView {
  readonly cameraId: number;
  readonly stream: LiveStreamName;
  readonly url: string;
}

export interface LiveSessions {
  /** The view's playlist, starting its ffmpeg (or joining the running one) first. */
  playlist(view: LiveView): Promise<string>;
  /**
   * Starts the view's ffmpeg unless it runs, not waiting for it: its playlist is asked for soon.
   * Throws the 503 when no ffmpeg slot is free; how the start goes, its playlist request hears.
   */
  start(view: LiveView): void;
  /** A segment of a running view; a 404 ApiError when the view stopped or the segment slid away. */
  segment(cameraId: number, stream: LiveStreamName, name: string): Promise<Buffer>;
  /** Views running or starting now, by key (`<cameraId>-<stream>`). */
  running(): string[];
  /** How the view's last relay ended by itself (not stopped by the server), or null if none has. */
  lastEnd(cameraId: number, stream: LiveStreamName): LiveViewEnd | null;
  /** Stops every view and removes their files (the app closing). */
  close(): Promise<void>;
}

/** Why a view's relay (its ffmpeg) ended without the server stopping it. */
export interface LiveViewEnd {
  readonly reason: StreamEndReason;
  readonly text: LocalText;
  /** ffmpeg's exit code; null when it was killed by a signal or never started. */
  readonly exitCode: number | null;
  /** ffmpeg's last error line, credentials hidden: for the server log, not for operators. */
  readonly detail: string;
  /** When it ended (ms since the epoch). */
  readonly at: number;
}

const playlistName = 'index.m3u8';
/**
 * Segments are cut at key frames, at least this long: each is then one key frame interval of the
 * camera's (2 s on most), starting where a player can start. Cut by time into quarter or half
 * seconds (ffmpeg's split_by_time) the first picture came about a second sooner, but most
 * segments then began between key frames, and players failed to start on some sources.
 */
const segmentSeconds = 1;
/** The last six segments. */
const playlistSegments = 6;

const unavailable = (reason: LocalText) =>
  new ApiError('502', {
    zh: `无法打开实时视频：${reason.zh}`,
    en: `Could not open the live view: ${reason.en}`,
  });

const noVideoInTime = (ms: number) =>
  new ApiError('504', {
    zh: `视频流在 ${ms / 1000} 秒内没有给出画面`,
    en: `The stream gave no video within ${ms / 1000} s`,
  });

const tooManyViews = (max: number) =>
  new ApiError('503', {
    zh: `服务器同时播放的实时视频已达上限（${max} 路），请关闭其他画面后重试`,
    en: `The server already plays its most live views (${max}); close other panes and retry`,
  });

const viewStopped = () =>
  new ApiError('404', {
    zh: '实时视频已停止，请重新打开',
    en: 'The live view has stopped; open it again',
  });

const segmentGone = () =>
  new ApiError('404', { zh: '该视频分片已过期', en: 'That video segment has expired' });

interface Session {
  readonly key: string;
  readonly cameraId: number;
  readonly url: string;
  /** Its relay's folder (a relay started again to encode writes a fresh one). */
  dir: string;
  readonly slot: StreamSlot;
  lastUsed: number;
  /** The playlist exists: segments may be served. */
  live: boolean;
  stopped: boolean;
  /** Aborted on stop: ends its ffprobe at once rather than at its time-out. */
  readonly stopping: AbortController;
  child: ChildProcess | null;
  /** Settles when its first playlist exists; rejects with the reason it could not start. */
  ready: Promise<void>;
  /** Settles when its ffmpeg has exited and its folder is removed. */
  gone: Promise<void>;
}

/**
 * The server's live views: one ffmpeg per camera stream, shared by everyone watching it, remuxing
 * it to a sliding HLS playlist (the video copied when it is H.264, which every browser plays; any
 * other codec encoded to H.264) in a folder of its own. A view nobody fetches from is stopped.
 */
export async function createLiveSessions(options: LiveSessionOptions): Promise<LiveSessions> {
  // Views of an earlier run that ended without closing (a crash) left their folders.
  await rm(options.rootDir, { recursive: true, force: true });
  await mkdir(options.rootDir, { recursive: true, mode: privateDirMode });
  const sessions = new Map<string, Session>();
  const ends = new Map<string, LiveViewEnd>();
  const spawn = options.spawn ?? spawnPiped;
  const keyOf = (cameraId: number, stream: LiveStreamName) => `${cameraId}-${stream}`;
  const tell = (session: Session, state: RelayStreamState) =>
    options.onStreamState?.(session.cameraId, state);

  const sweep = setInterval(
    () => {
      const idleSince = Date.now() - options.idleMs;
      // A view still starting is bounded by startTimeoutMs instead.
      for (const session of sessions.values()) {
        if (session.live && session.lastUsed < idleSince) {
          options.log.info(`live view ${session.key} idle: stopped`);
          stop(session);
          tell(session, 'idle');
        }
      }
    },
    Math.min(5000, options.idleMs / 3),
  );
  sweep.unref();

  function stop(session: Session): void {
    session.stopped = true;
    session.stopping.abort();
    if (sessions.get(session.key) === session) sessions.delete(session.key);
    session.child?.kill('SIGKILL');
    session.slot.release();
  }

  /**
   * Records why a relay ended by itself and logs it in one line; the view is stopped at once, so
   * the next request starts a fresh relay rather than serving the last playlist of a dead one.
   */
  function ended(session: Session, exitCode: number | null, detail: string): void {
    if (session.stopped) return;
    tell(session, 'down');
    const reason = streamEndReason(exitCode, detail);
    ends.set(session.key, { reason, text: streamEndTexts[reason], exitCode, detail, at: Date.now() });
    options.log.warn(
      `live view ${session.key} ended: ${streamEndTexts[reason].en} (exit ${String(exitCode)}) ${detail}`.trim(),
    );
    stop(session);
  }

  function start(cameraId: number, key: string, url: string, slot: StreamSlot): Session {
    const session: Session = {
      key,
      cameraId,
      url,
      // Its relay's, once started.
      dir: '',
      slot,
      lastUsed: Date.now(),
      live: false,
      stopped: false,
      stopping: new AbortController(),
      child: null,
      ready: Promise.resolve(),
      gone: Promise.resolve(),
    };
    session.ready = run(session).then(
      () => tell(session, 'up'),
      (error: unknown) => {
        // Stopped already: it ended by itself (told then) or the server stopped it.
        if (!session.stopped) tell(session, 'down');
        stop(session);
        throw error;
      },
    );
    // Every viewer awaits `ready`; this only keeps a view nobody awaits any more from crashing Node.
    session.ready.catch(() => undefined);
    return session;
  }

  /**
   * Starts a relay writing into a fresh folder of the view's. Its end is the view's end (told and
   * recorded) once it plays, or when `final`; a first relay that copied and failed to start is left
   * to `run`, which may try again encoding.
   */
  async function startRelay(session: Session, stream: CheckedStream, copy: boolean, final: boolean) {
    const log: FailureLog = (detail) => options.log.warn(`live view ${session.key} failed: ${detail}`);
    const dir = join(options.rootDir, `${session.key}-${randomBytes(8).toString('hex')}`);
    await mkdir(dir, { recursive: true, mode: privateDirMode });
    const child = spawn('ffmpeg', hlsArgs(stream, copy, dir, options.readTimeoutMs));
    // It writes files, not standard output; drained all the same so that it can never block on it.
    child.stdout?.resume();
    session.child = child;
    session.dir = dir;
    const watch = watchStreamProcess(child, unavailable, log);
    const exit = new Promise<RelayExit>((resolve) => {
      const done = (code: number | null, detail: string, answer: ApiError) => {
        if (session.child === child && (final || session.live)) ended(session, code, detail);
        resolve({ code, detail, answer });
      };
      child.on('error', (error) => done(null, error.message, watch.spawnFailure(error)));
      child.on('close', (code) => done(code, watch.lastLine(), watch.answer()));
    });
    const removed = exit.then(() => rm(dir, { recursive: true, force: true }));
    session.gone = Promise.all([session.gone, removed]).then(() => undefined);
    // A view stopped meanwhile has just spawned its ffmpeg: stop it at once.
    if (session.stopped) child.kill('SIGKILL');
    return { child, exit };
  }

  async function run(session: Session): Promise<void> {
    const log: FailureLog = (detail) => options.log.warn(`live view ${session.key} failed: ${detail}`);
    // The relay reads the one address checked here.
    const stream = await checkStreamAddress(session.url, options.policy, unavailable, log);
    // Nearly every camera sends H.264: it is copied at once rather than probed first, which would
    // cost a connection and a wait for a key frame of its own; the first segment's program map
    // then says whether it was H.264 after all.
    const copying = await startRelay(session, stream, true, false);
    const copied = await firstPlaylist(
      session,
      copying.exit.then((end) => end.answer),
      options.startTimeoutMs,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    if (copied === null && (await firstSegmentIsH264(session.dir))) {
      session.live = true;
      session.lastUsed = Date.now();
      return;
    }
    if (copied !== null) {
      const end = await Promise.race([copying.exit, Promise.resolve(null)]);
      // A source that could not be read is not read better by an encoder: the view ends here.
      if (session.stopped || end === null || readFailure(end)) {
        if (end !== null && session.child === copying.child) ended(session, end.code, end.detail);
        throw copied;
      }
    }
    // Another codec (or one MPEG-TS cannot carry): encoded to H.264 by a relay of its own.
    session.child = null;
    copying.child.kill('SIGKILL');
    if (session.stopped) throw viewStopped();
    const encoding = await startRelay(session, stream, false, true);
    await firstPlaylist(
      session,
      encoding.exit.then((end) => end.answer),
      options.startTimeoutMs,
    );
    session.live = true;
    session.lastUsed = Date.now();
  }

  /** The view's running (or starting) session, started now if there is none. */
  function open({ cameraId, stream, url }: LiveView): Session {
    const key = keyOf(cameraId, stream);
    let session = sessions.get(key);
    // The camera's address changed since its view started: the old one shows the wrong stream.
    if (session && session.url !== url) {
      stop(session);
      session = undefined;
    }
    if (!session) {
      const slot = options.slots.tryTake();
      if (!slot) throw tooManyViews(options.slots.max);
      session = start(cameraId, key, url, slot);
      sessions.set(key, session);
    }
    session.lastUsed = Date.now();
    return session;
  }

  return {
    async playlist(view) {
      const session = open(view);
      await session.ready;
      if (session.stopped) throw viewStopped();
      try {
        return await readFile(join(session.dir, playlistName), 'utf8');
      } catch (error) {
        // Its relay ended (and its folder went) between the check and the read.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw viewStopped();
        throw error;
      }
    },

    start(view) {
      open(view);
    },

    async segment(cameraId, stream, name) {
      const session = sessions.get(keyOf(cameraId, stream));
      if (!session?.live) throw viewStopped();
      session.lastUsed = Date.now();
      try {
        return await readFile(join(session.dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw segmentGone();
        throw error;
      }
    },

    running: () => [...sessions.keys()],

    lastEnd: (cameraId, stream) => ends.get(keyOf(cameraId, stream)) ?? null,

    async close() {
      clearInterval(sweep);
      const all = [...sessions.values()];
      for (const session of all) stop(session);
      await Promise.allSettled(all.flatMap((session) => [session.ready, session.gone]));
      await rm(options.rootDir, { recursive: true, force: true });
    },
  };
}

/**
 * ffmpeg's arguments for a live view: the first video track only (a monitoring wall plays no
 * sound), copied or encoded to H.264, in a sliding playlist of short segments whose old ones are
 * deleted, each written under a temporary name first so that none is served half-written; an
 * encoded one gets a key frame each second, so its segments are a second long.
 */
function hlsArgs(stream: CheckedStream, copy: boolean, dir: string, readTimeoutMs: number): string[] {
  const video = copy
    ? ['-c:v', 'copy']
    : [
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
        // A key frame each second, whatever the source's frame rate.
        ...['-force_key_frames', 'expr:gte(t,n_forced*1)'],
      ];
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...streamInput(stream, readTimeoutMs),
    ...['-map', '0:v:0', '-an', ...video],
    ...['-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_list_size', String(playlistSegments)],
    ...['-hls_flags', 'delete_segments+omit_endlist+temp_file'],
    ...['-hls_segment_filename', join(dir, 'seg-%d.ts'), join(dir, playlistName)],
  ];
}

/** Whether the first segment the folder's playlist names carries H.264 (its program map says so). */
async function firstSegmentIsH264(dir: string): Promise<boolean> {
  const playlist = await readFile(join(dir, playlistName), 'utf8').catch(() => '');
  const first = playlist.split('\n').find((line) => line.startsWith('seg-'));
  const segment = first ? await readFile(join(dir, first)).catch(() => null) : null;
  return segment !== null && tsStreamTypes(segment)?.[0] === h264StreamType;
}

/** A relay's exit: ffmpeg's code, its last error line and the answer for it. */
interface RelayExit {
  readonly code: number | null;
  readonly detail: string;
  readonly answer: ApiError;
}

/** The relay could not read its source (rather than not write what it read). */
const readFailure = (end: RelayExit) =>
  ['timeout', 'refused', 'unreachable'].includes(streamEndReason(end.code, end.detail));

/** Waits until ffmpeg has written the first playlist; fails when it exits first or takes too long. */
async function firstPlaylist(session: Session, exit: Promise<ApiError>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const ended: { why: ApiError | null } = { why: null };
  void exit.then((why) => (ended.why = why));
  for (;;) {
    if (ended.why) throw ended.why;
    if (session.stopped) throw viewStopped();
    try {
      await access(join(session.dir, playlistName));
      return;
    } catch {
      // not written yet
    }
    if (Date.now() > deadline) throw noVideoInTime(timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
