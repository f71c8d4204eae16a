import type { LocalText } from '../../../generated/settings';
import { videoTexts } from './video-texts';

/** Why a player stopped: the server's message, or the player's. */
export type FailureReason = string | LocalText;

/** What a pane shows of its camera's live view. */
export type LiveView =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'playing' }
  /** It never showed a frame since it started: the camera is unreachable or refused. */
  | { readonly kind: 'offline'; readonly reason: FailureReason | null; readonly retry: RetryView }
  /**
   * It showed frames and then none past the next one's due time: 信号中断 with the time since the
   * last one. No reason: a fresh player's failure to start (a refused connection, say) is the
   * stream that stopped, not a setting to check.
   */
  | { readonly kind: 'lost'; readonly lostSeconds: number; readonly retry: RetryView };

/** The next retry: `inSeconds` while waiting for it, null while a fresh player is starting. */
export interface RetryView {
  readonly attempt: number;
  readonly inSeconds: number | null;
}

export interface StallWatchOptions {
  /**
   * Where playback is (the video's currentTime, 0 while it has no frame to show): it moves while
   * new frames show. Sampled rather than taken from frame callbacks, which stop for a pane the
   * browser does not paint (behind another pane in full screen) and would look like a stall.
   */
  position(): number;
  /**
   * Tears down the running player (if any) and starts a fresh one, whose socket makes the
   * server start a fresh relay if its last one ended. `fail` reports its failure; `frame` each
   * frame it receives, with the stream's interval before it (from the frames' timestamps).
   */
  restart(fail: (reason: FailureReason) => void, frame: (intervalMs: number) => void): void;
  /** The view changed; called at most once a tick. */
  onChange(view: LiveView): void;
  /** Jitter of the retry delays (tests fix it); Math.random by default. */
  random?: () => number;
}

export interface StallWatch {
  /** The operator's retry: a fresh player now, the waiting retry cancelled. */
  retryNow(): void;
  /** Stops watching; the caller stops the player. */
  dispose(): void;
}

/** How often the position is sampled. */
export const tickMs = 250;
/**
 * A frame this late is missed: the pane leaves 播放中 within a second of its due time (this, and a
 * sample's delay on each side). Less would flap on a network's ordinary jitter.
 */
export const frameGraceMs = 500;
/** The frame interval until the stream tells its own: the slowest cameras send one a second. */
export const assumedFrameIntervalMs = 1000;
/**
 * No new frame for this long is worth a fresh player; a shorter gap says 信号中断 and waits for the
 * frames to come back, so a hiccup does not cost a relay start.
 */
export const restartAfterMs = 4000;
/** A fresh player with no frame after this long has failed (the server gives up on a start at 20 s). */
export const startLimitMs = 25_000;
const firstRetryMs = 2000;
/**
 * A source that comes back plays again within this wait plus a relay's start (~4 s): well inside
 * the 20 s an operator may wait, while a dead camera costs the server a 5 s probe only now and then.
 */
const longestRetryMs = 10_000;

/**
 * The wait before retry number `attempt + 1`: 2 s, 4 s, 8 s, then 10 s, each shortened by up to a
 * quarter at random so the panes of a wall that lost the same server do not retry in step.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(longestRetryMs, firstRetryMs * 2 ** attempt);
  return Math.round(ceiling * (1 - random() / 4));
}

type Phase =
  | { readonly kind: 'connecting'; readonly startedAt: number }
  | { readonly kind: 'playing' }
  /** Waiting for the retry timer. */
  | { readonly kind: 'stalled'; readonly retryAt: number }
  /** A fresh player is starting. */
  | { readonly kind: 'retrying'; readonly startedAt: number };

/**
 * Watches one pane's live view: playing → stalled (a frame missed: none for the stream's frame
 * interval and `frameGraceMs`; or the player failed) → retrying (a fresh player after a back-off) → playing again at its first frame. Starts
 * the first player at once. At most one retry timer runs, and none after `dispose`.
 */
export function watchStalls(options: StallWatchOptions): StallWatch {
  const random = options.random ?? Math.random;
  let phase: Phase = { kind: 'connecting', startedAt: Date.now() };
  let attempt = 0;
  let reason: FailureReason | null = null;
  let lastFrameAt: number | null = null;
  let lastPosition = 0;
  let frameIntervalMs = assumedFrameIntervalMs;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastView = '';
  let disposed = false;

  const emit = () => {
    const view = viewOf(phase, Date.now());
    const key = JSON.stringify(view);
    if (key === lastView) return;
    lastView = key;
    options.onChange(view);
  };

  const viewOf = (current: Phase, now: number): LiveView => {
    if (current.kind === 'connecting' || current.kind === 'playing') return { kind: current.kind };
    const retry: RetryView = {
      attempt,
      inSeconds: current.kind === 'stalled' ? Math.max(0, Math.ceil((current.retryAt - now) / 1000)) : null,
    };
    return lastFrameAt === null
      ? { kind: 'offline', reason, retry }
      : { kind: 'lost', lostSeconds: Math.floor((now - lastFrameAt) / 1000), retry };
  };

  let starts = 0;
  const start = () => {
    const started = ++starts;
    options.restart(
      (why) => {
        // A torn-down player's late failure is not the fresh one's.
        if (disposed || started !== starts) return;
        stall(why);
        emit();
      },
      (intervalMs) => {
        if (started === starts && intervalMs > 0) frameIntervalMs = intervalMs;
      },
    );
    // The torn-down player's position is gone; the fresh one's first frame moves it.
    lastPosition = options.position();
  };

  const retry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    attempt += 1;
    phase = { kind: 'retrying', startedAt: Date.now() };
    start();
    emit();
  };

  /** Stalls now; the retry comes after the back-off, and not before `restartAt`. */
  const stall = (why: FailureReason | null, restartAt = Date.now()) => {
    if (why !== null) reason = why;
    if (phase.kind === 'stalled') return;
    const retryAt = Math.max(Date.now(), restartAt) + retryDelayMs(attempt, random);
    phase = { kind: 'stalled', retryAt };
    retryTimer = setTimeout(retry, retryAt - Date.now());
  };

  const tick = () => {
    const now = Date.now();
    const position = options.position();
    if (position > lastPosition) {
      lastFrameAt = now;
      if (phase.kind !== 'playing') {
        clearTimeout(retryTimer);
        retryTimer = undefined;
        phase = { kind: 'playing' };
        attempt = 0;
        reason = null;
      }
    } else if (phase.kind === 'playing') {
      if (lastFrameAt !== null && now - lastFrameAt >= frameIntervalMs + frameGraceMs) {
        stall(null, lastFrameAt + restartAfterMs);
      }
    } else if (phase.kind !== 'stalled' && now - phase.startedAt >= startLimitMs) {
      stall(videoTexts.noPicture);
    }
    lastPosition = position;
    emit();
  };

  const ticker = setInterval(tick, tickMs);
  start();
  emit();
  return {
    retryNow: () => {
      if (!disposed) retry();
    },
    dispose: () => {
      disposed = true;
      clearInterval(ticker);
      clearTimeout(retryTimer);
    },
  };
}
