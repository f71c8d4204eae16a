import type { ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckedStream, StreamAddressPolicy } from '../streams/stream-address';
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
} from '../streams/stream-process';
import { ApiError } from '../kernel/api-error';
import { internalError } from '../http/error-answers';
import type { LocalText } from '../kernel/locale';
import type { StreamSlot, StreamSlots } from '../streams/stream-slots';
import { createTsRemuxer } from './ts-remuxer';

export type LiveStreamName = 'main' | 'sub';

export interface LiveSessionOptions {
  /**
   * The ffmpeg budget shared with frame grabs (CFOP_LIVE_MAX_STREAMS): a view takes a slot from
   * opening to stop; a view finding none free is refused with a 503.
   */
  readonly slots: StreamSlots;
  /** Where streams may point; checked right before each view opens. */
  readonly policy: StreamAddressPolicy;
  /** A live view nobody has watched for this long is stopped (kept until then for a pane that comes back). */
  readonly idleMs: number;
  /** How long a stream may take from opening to its first key frame. */
  readonly startTimeoutMs: number;
  /** A source silent this long ends its relay, which the next viewer restarts. */
  readonly readTimeoutMs: number;
  readonly log: FastifyBaseLogger;
  /** Starts the relays' ffmpeg; tests read their arguments. */
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

/** Someone watching a live view (a browser's socket): told its media once, then each fragment. */
export interface LiveViewer {
  /** The MIME type with its codec (for Media Source Extensions) and the init segment, first. */
  media(mime: string, init: Buffer): void;
  /** One fragment (moof + mdat); the first one a viewer gets starts at a key frame. */
  fragment(bytes: Buffer): void;
  /** Bytes given to this viewer that have not left yet: one falling behind skips to a key frame. */
  backlog(): number;
  /** The view ended for this viewer: it could not start, its source ended, or it was stopped. */
  end(reason: ApiError): void;
}

export interface LiveSessions {
  /**
   * Adds a viewer to the view's relay, starting one when none runs (or joining it at its newest key
   * frame); answers the function that takes the viewer away. Throws the 503 when no ffmpeg slot is
   * free; how the start goes, the viewer hears.
   */
  watch(view: LiveView, viewer: LiveViewer): () => void;
  /** Views running or starting now, by key (`<cameraId>-<stream>`). */
  running(): string[];
  /** How the view's last relay ended by itself (not stopped by the server), or null if none has. */
  lastEnd(cameraId: number, stream: LiveStreamName): LiveViewEnd | null;
  /** Stops every view (the app closing). */
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

/**
 * A viewer this far behind (bytes its socket has not sent) gets nothing more until it has caught
 * up, and then only from a key frame: a slow link shows a jump, never a growing delay.
 */
const maxBacklogBytes = 2 * 1024 * 1024;
const resumeBacklogBytes = 256 * 1024;
/**
 * The fragments since the newest key frame are kept for viewers who join: they start at once from
 * that key frame instead of waiting for the next. A camera whose key frames are rarer than this
 * holds makes joiners wait instead.
 */
const maxKeptBytes = 8 * 1024 * 1024;

const unavailable = (reason: LocalText) =>
  new ApiError('502', {
    zh: `无法打开实时视频：${reason.zh}`,
    en: `Could not open the live view: ${reason.en}`,
  });

const interrupted = (reason: LocalText) =>
  new ApiError('502', { zh: `实时视频中断：${reason.zh}`, en: `The live view stopped: ${reason.en}` });

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

/** How a viewer stands: given the media yet, and skipping to a key frame after falling behind. */
interface ViewerState {
  started: boolean;
  skipping: boolean;
}

interface Session {
  readonly key: string;
  readonly cameraId: number;
  readonly url: string;
  readonly slot: StreamSlot;
  readonly viewers: Map<LiveViewer, ViewerState>;
  /** Since when nobody has watched it; null while someone does. */
  idleSince: number | null;
  /** Its relay's output type with codec and init segment, once read; a relay started again resets them. */
  mime: string | null;
  init: Buffer | null;
  /** The fragments from the newest key frame on, for viewers who join. */
  kept: Buffer[];
  keptBytes: number;
  /** It has given a key frame: viewers are served. */
  live: boolean;
  stopped: boolean;
  /** Aborted on stop: ends a start still waiting. */
  readonly stopping: AbortController;
  child: ChildProcess | null;
  /** Settles when its ffmpeg has exited. */
  gone: Promise<void>;
}

/**
 * The server's live views: one ffmpeg per camera stream, shared by everyone watching it, writing
 * its video as MPEG-TS (copied when it is H.264, which every browser plays; any other codec encoded
 * to H.264), which the server remuxes to fragmented MP4, one fragment per frame, passed on to each
 * viewer as it comes. Nothing is written to disk. A view nobody watches is stopped after a while.
 */
export function createLiveSessions(options: LiveSessionOptions): LiveSessions {
  const sessions = new Map<string, Session>();
  const ends = new Map<string, LiveViewEnd>();
  const spawn = options.spawn ?? spawnPiped;
  const keyOf = (cameraId: number, stream: LiveStreamName) => `${cameraId}-${stream}`;
  const tell = (session: Session, state: RelayStreamState) =>
    options.onStreamState?.(session.cameraId, state);

  const sweep = setInterval(
    () => {
      const idleBefore = Date.now() - options.idleMs;
      for (const session of sessions.values()) {
        if (session.live && session.idleSince !== null && session.idleSince < idleBefore) {
          options.log.info(`live view ${session.key} idle: stopped`);
          stop(session, null);
          tell(session, 'idle');
        }
      }
    },
    Math.min(5000, options.idleMs / 3),
  );
  sweep.unref();

  /** Stops the view's ffmpeg and frees its slot; its viewers hear `reason` (none when stopped idle). */
  function stop(session: Session, reason: ApiError | null): void {
    if (session.stopped) return;
    session.stopped = true;
    session.stopping.abort();
    if (sessions.get(session.key) === session) sessions.delete(session.key);
    session.child?.kill('SIGKILL');
    session.slot.release();
    const viewers = [...session.viewers.keys()];
    session.viewers.clear();
    if (reason) for (const viewer of viewers) viewer.end(reason);
  }

  /**
   * Records why a relay ended by itself, logs it in one line and stops the view at once, so the next
   * viewer starts a fresh relay; its viewers hear `answer`, or that it was interrupted.
   */
  function ended(session: Session, exit: RelayExit, answer?: ApiError): void {
    if (session.stopped) return;
    tell(session, 'down');
    const reason = streamEndReason(exit.code, exit.detail);
    const text = streamEndTexts[reason];
    ends.set(session.key, { reason, text, exitCode: exit.code, detail: exit.detail, at: Date.now() });
    options.log.warn(
      `live view ${session.key} ended: ${text.en} (exit ${String(exit.code)}) ${exit.detail}`.trim(),
    );
    stop(session, answer ?? interrupted(text));
  }

  /** Passes a fragment on to the view's viewers, and keeps it for those who join later. */
  function deliver(session: Session, fragment: Buffer, key: boolean): void {
    if (key) {
      session.kept = [fragment];
      session.keptBytes = fragment.length;
    } else if (session.kept.length > 0 && session.keptBytes + fragment.length <= maxKeptBytes) {
      session.kept.push(fragment);
      session.keptBytes += fragment.length;
    } else {
      session.kept = [];
      session.keptBytes = 0;
    }
    if (!session.live) return;
    for (const [viewer, state] of session.viewers) pass(session, viewer, state, fragment, key);
  }

  function pass(session: Session, viewer: LiveViewer, state: ViewerState, fragment: Buffer, key: boolean) {
    if (!state.started) {
      if (!key) return;
      viewer.media(session.mime as string, session.init as Buffer);
      state.started = true;
    } else if (state.skipping) {
      if (!key || viewer.backlog() > resumeBacklogBytes) return;
      state.skipping = false;
    } else if (viewer.backlog() > maxBacklogBytes) {
      state.skipping = true;
      return;
    }
    viewer.fragment(fragment);
  }

  /** A viewer joining a playing view: from its newest key frame on, at once. */
  function join(session: Session, viewer: LiveViewer, state: ViewerState): void {
    session.kept.forEach((fragment, index) => pass(session, viewer, state, fragment, index === 0));
  }

  /**
   * Runs one relay on the view: resolves `h264` once its first key frame is read, `other` when its
   * MPEG-TS names another codec (it is then stopped), and rejects with why it could not start.
   * Once playing, its end is the view's end.
   */
  function relay(session: Session, stream: CheckedStream, copy: boolean): Promise<'h264' | 'other'> {
    const log: FailureLog = (detail) => options.log.warn(`live view ${session.key} failed: ${detail}`);
    const child = spawn('ffmpeg', relayArgs(stream, copy, options.readTimeoutMs));
    session.child = child;
    session.mime = null;
    session.init = null;
    session.kept = [];
    session.keptBytes = 0;
    const watch = watchStreamProcess(child, unavailable, log);
    const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
    session.gone = Promise.all([session.gone, exited]).then(() => undefined);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(noVideoInTime(options.startTimeoutMs)), options.startTimeoutMs);
      const settle = () => {
        clearTimeout(timer);
        session.stopping.signal.removeEventListener('abort', onStop);
      };
      const fail = (error: ApiError) => {
        settle();
        child.kill('SIGKILL');
        reject(error);
      };
      const onStop = () => fail(viewStopped());
      session.stopping.signal.addEventListener('abort', onStop);
      const remux = createTsRemuxer({
        otherCodec() {
          settle();
          child.kill('SIGKILL');
          resolve('other');
        },
        media(mime, init) {
          session.mime = mime;
          session.init = init;
        },
        fragment(fragment, key) {
          if (key && !session.live) {
            settle();
            session.live = true;
            resolve('h264');
          }
          deliver(session, fragment, key);
        },
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        try {
          remux(chunk);
        } catch (error) {
          log(`unreadable output: ${(error as Error).message}`);
          child.kill('SIGKILL');
        }
      });
      const done = (code: number | null, detail: string, answer: ApiError) => {
        if (session.child !== child) return;
        const exit = new RelayExit(answer, code, detail);
        if (session.live) ended(session, exit);
        else {
          settle();
          reject(exit);
        }
      };
      child.on('error', (error) => done(null, error.message, watch.spawnFailure(error)));
      child.on('close', (code) => done(code, watch.lastLine(), watch.answer()));
    });
  }

  async function run(session: Session): Promise<void> {
    const log: FailureLog = (detail) => options.log.warn(`live view ${session.key} failed: ${detail}`);
    // The relay reads the one address checked here.
    const stream = await checkStreamAddress(session.url, options.policy, unavailable, log);
    if (session.stopped) throw viewStopped();
    // Nearly every camera sends H.264: it is copied at once rather than probed first, which would
    // cost a connection and a wait for a key frame of its own; the stream's type in the relay's
    // MPEG-TS, known before its first frame, says whether it was H.264 after all.
    const copied = await relay(session, stream, true).catch((error: unknown) => error);
    if (copied === 'h264') return;
    if (copied instanceof RelayExit) {
      // A source that could not be read is not read better by an encoder: the view ends here.
      if (readFailure(copied)) {
        ended(session, copied, copied.answer);
        throw copied.answer;
      }
      options.log.info(`live view ${session.key} could not be copied (${copied.detail}): encoding it`);
    } else if (copied !== 'other') throw copied;
    // Another codec (or one MPEG-TS cannot carry): encoded to H.264 by a relay of its own.
    if (session.stopped) throw viewStopped();
    const encoded = await relay(session, stream, false).catch((error: unknown) => {
      if (!(error instanceof RelayExit)) throw error;
      ended(session, error, error.answer);
      throw error.answer;
    });
    if (encoded !== 'h264') throw unavailable(noH264);
  }

  function start(cameraId: number, key: string, url: string, slot: StreamSlot): Session {
    const session: Session = {
      key,
      cameraId,
      url,
      slot,
      viewers: new Map(),
      idleSince: null,
      mime: null,
      init: null,
      kept: [],
      keptBytes: 0,
      live: false,
      stopped: false,
      stopping: new AbortController(),
      child: null,
      gone: Promise.resolve(),
    };
    run(session).then(
      () => tell(session, 'up'),
      (error: unknown) => {
        // Stopped already: it ended by itself (told then) or the server stopped it.
        if (!session.stopped) tell(session, 'down');
        stop(session, error instanceof ApiError ? error : internalError());
        if (!(error instanceof ApiError)) options.log.error(error);
      },
    );
    return session;
  }

  return {
    watch({ cameraId, stream, url }, viewer) {
      const key = keyOf(cameraId, stream);
      let session = sessions.get(key);
      // The camera's address changed since its view started: the old one shows the wrong stream.
      if (session && session.url !== url) {
        stop(session, viewStopped());
        session = undefined;
      }
      if (!session) {
        const slot = options.slots.tryTake();
        if (!slot) throw tooManyViews(options.slots.max);
        session = start(cameraId, key, url, slot);
        sessions.set(key, session);
      }
      const state: ViewerState = { started: false, skipping: false };
      session.viewers.set(viewer, state);
      session.idleSince = null;
      if (session.live) join(session, viewer, state);
      const watched = session;
      return () => {
        if (!watched.viewers.delete(viewer)) return;
        if (watched.viewers.size === 0) watched.idleSince = Date.now();
      };
    },

    running: () => [...sessions.keys()],

    lastEnd: (cameraId, stream) => ends.get(keyOf(cameraId, stream)) ?? null,

    async close() {
      clearInterval(sweep);
      const all = [...sessions.values()];
      for (const session of all) stop(session, null);
      await Promise.allSettled(all.map((session) => session.gone));
    },
  };
}

const noH264: LocalText = {
  zh: '无法转为浏览器可播放的 H.264',
  en: 'it could not be made into H.264 a browser plays',
};

/**
 * The relay reads no more than it must before it starts: its MPEG-TS needs neither the picture's
 * size nor the frame rate, so ffmpeg copies from the first key frame it reads instead of probing a
 * second of the stream first (32 bytes is the least ffmpeg takes; the codec comes from the RTSP
 * session's description or the container's own tables).
 */
const relayProbeLimit = ['-probesize', '32'];

/**
 * ffmpeg's arguments for a live view: the first video track only (a monitoring wall plays no
 * sound), copied or encoded to H.264, as MPEG-TS on standard output, each frame written and flushed
 * as soon as it is read (no mux delay) with its PES length (up to 64 KB a frame), so the server
 * knows it whole without waiting for the next; the server makes it fragmented MP4 (ts-remuxer.ts).
 * An encoded one gets a key frame each second.
 */
function relayArgs(stream: CheckedStream, copy: boolean, readTimeoutMs: number): string[] {
  const video = copy
    ? ['-c:v', 'copy']
    : [
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
        // A key frame each second, whatever the source's frame rate.
        ...['-force_key_frames', 'expr:gte(t,n_forced*1)'],
      ];
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...streamInput(stream, readTimeoutMs, relayProbeLimit),
    ...['-map', '0:v:0', '-an', ...video],
    // An RTSP camera may give its parameter sets only in its session description: they go in front
    // of each key frame (ffmpeg's MPEG-TS does so itself only for streams without delimiters).
    ...(copy && stream.scheme.startsWith('rtsp') ? ['-bsf:v', 'dump_extra=freq=keyframe'] : []),
    ...['-f', 'mpegts', '-muxdelay', '0', '-muxpreload', '0', '-omit_video_pes_length', '0'],
    ...['-flush_packets', '1', 'pipe:1'],
  ];
}

/** How a relay that had not played yet ended: ffmpeg's code, its last error line and the answer for it. */
class RelayExit {
  constructor(
    readonly answer: ApiError,
    readonly code: number | null,
    readonly detail: string,
  ) {}
}

/** The relay could not read its source (rather than not write what it read). */
const readFailure = (exit: RelayExit) =>
  ['timeout', 'refused', 'unreachable'].includes(streamEndReason(exit.code, exit.detail));
