import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assumedFrameIntervalMs,
  frameGraceMs,
  restartAfterMs,
  retryDelayMs,
  startLimitMs,
  tickMs,
  watchStalls,
  type FailureReason,
  type LiveView,
  type StallWatch,
} from './stall-watch';
import { videoTexts } from './video-texts';

/** A stand-in player: its position moves while "frames show", and each start is recorded. */
function fakePane(random = () => 0) {
  const pane = {
    position: 0,
    frames: false,
    starts: [] as ((reason: FailureReason) => void)[],
    /** The latest player's report of a frame, with the stream's interval before it. */
    frame: (_intervalMs: number): void => undefined,
    views: [] as LiveView[],
    get view(): LiveView | undefined {
      return pane.views[pane.views.length - 1];
    },
    watch: null as StallWatch | null,
  };
  const moving = setInterval(() => {
    if (pane.frames) pane.position += 0.1;
  }, 100);
  pane.watch = watchStalls({
    position: () => pane.position,
    restart: (fail, frame) => {
      // A fresh player has shown nothing yet.
      pane.position = 0;
      pane.starts.push(fail);
      pane.frame = frame;
    },
    onChange: (view) => pane.views.push(view),
    random,
  });
  return { pane, stopMoving: () => clearInterval(moving) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retryDelayMs', () => {
  it('doubles from 2 s up to 10 s, shortened by at most a quarter', () => {
    expect([0, 1, 2, 3, 4, 9].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([
      2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
    expect([0, 1, 2, 3].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([1500, 3000, 6000, 7500]);
  });
});

describe('watchStalls', () => {
  it('goes playing → lost (counting seconds) → retrying with back-off → playing when frames return', async () => {
    const { pane, stopMoving } = fakePane();
    expect(pane.view).toEqual({ kind: 'connecting' });
    expect(pane.starts).toHaveLength(1);

    pane.frames = true;
    await vi.advanceTimersByTimeAsync(tickMs * 2);
    expect(pane.view).toEqual({ kind: 'playing' });

    // The source goes silent: the picture stops moving, no error. Its frame interval unknown, the
    // pane assumes a frame a second, and says 信号中断 once one is missed.
    pane.frames = false;
    const missedAfterMs = assumedFrameIntervalMs + frameGraceMs;
    await vi.advanceTimersByTimeAsync(missedAfterMs - tickMs);
    expect(pane.view).toEqual({ kind: 'playing' });
    await vi.advanceTimersByTimeAsync(tickMs);
    // A fresh player only after 4 s of silence and the back-off (2 s): 4.5 s from now.
    expect(pane.view).toEqual({ kind: 'lost', lostSeconds: 1, retry: { attempt: 0, inSeconds: 5 } });
    await vi.advanceTimersByTimeAsync(restartAfterMs);
    expect(pane.view).toMatchObject({ kind: 'lost', lostSeconds: 5, retry: { inSeconds: 1 } });
    expect(pane.starts).toHaveLength(1);

    // The first retry, 6 s after the last frame: a fresh player, still lost while it starts.
    await vi.advanceTimersByTimeAsync(1000);
    expect(pane.starts).toHaveLength(2);
    expect(pane.view).toMatchObject({ kind: 'lost', lostSeconds: 6, retry: { attempt: 1, inSeconds: null } });

    // Each fresh player fails (the server cannot reach the camera): 4 s, 8 s, then 10 s between.
    const waits: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      pane.starts[pane.starts.length - 1]?.('无法打开实时视频：源超时');
      const failedAt = Date.now();
      const count = pane.starts.length;
      while (pane.starts.length === count) await vi.advanceTimersByTimeAsync(100);
      waits.push(Date.now() - failedAt);
    }
    expect(waits).toEqual([4000, 8000, 10_000, 10_000]);
    // A stream that played and stopped is not the start's failure (a setting to check): no reason.
    expect(pane.view).toEqual({
      kind: 'lost',
      lostSeconds: 4 + 2 + 4 + 8 + 10 + 10,
      retry: { attempt: 5, inSeconds: null },
    });

    // The source is back: the fresh player's frames make it play again, the count starts over.
    pane.frames = true;
    await vi.advanceTimersByTimeAsync(tickMs * 2);
    expect(pane.view).toEqual({ kind: 'playing' });
    pane.frames = false;
    await vi.advanceTimersByTimeAsync(missedAfterMs + tickMs);
    expect(pane.view).toMatchObject({ kind: 'lost', retry: { attempt: 0 } });

    pane.watch?.dispose();
    stopMoving();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves 播放中 within a second of a missed frame, the interval the stream’s own (25 a second)', async () => {
    const { pane, stopMoving } = fakePane();
    pane.frames = true;
    pane.frame(40);
    await vi.advanceTimersByTimeAsync(tickMs * 2);
    expect(pane.view).toEqual({ kind: 'playing' });
    pane.frames = false;
    const lastFrameAt = Date.now();
    while (pane.view?.kind === 'playing') await vi.advanceTimersByTimeAsync(50);
    expect(Date.now() - lastFrameAt).toBeLessThanOrEqual(40 + 1000);
    expect(pane.view).toMatchObject({ kind: 'lost', lostSeconds: 0 });
    // Still the same player: a fresh one waits for 4 s of silence.
    expect(pane.starts).toHaveLength(1);
    pane.watch?.dispose();
    stopMoving();
  });

  it('says offline with the reason when the player fails before any frame, and retries', async () => {
    const { pane, stopMoving } = fakePane();
    pane.starts[0]?.({
      zh: '无法打开实时视频：连接被拒',
      en: 'Could not open the live view: connection refused',
    });
    expect(pane.view).toEqual({
      kind: 'offline',
      reason: { zh: '无法打开实时视频：连接被拒', en: 'Could not open the live view: connection refused' },
      retry: { attempt: 0, inSeconds: 2 },
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(pane.starts).toHaveLength(2);
    // Still offline, with its reason, while the fresh player starts.
    expect(pane.view).toMatchObject({ kind: 'offline', retry: { attempt: 1, inSeconds: null } });
    pane.frames = true;
    await vi.advanceTimersByTimeAsync(tickMs * 2);
    expect(pane.view).toEqual({ kind: 'playing' });
    pane.watch?.dispose();
    stopMoving();
  });

  it('keeps one retry timer however many failures come, and none after dispose', async () => {
    const { pane, stopMoving } = fakePane();
    stopMoving();
    const first = pane.starts[0];
    first?.('a');
    first?.('b');
    first?.('c');
    // The ticker and one retry.
    expect(vi.getTimerCount()).toBe(2);
    expect(pane.view).toMatchObject({ kind: 'offline', reason: 'c' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(pane.starts).toHaveLength(2);
    // The torn-down player's late failure does not stall the fresh one.
    first?.('late');
    expect(vi.getTimerCount()).toBe(1);
    expect(pane.view).toMatchObject({ retry: { inSeconds: null } });

    pane.starts[1]?.('again');
    pane.watch?.dispose();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pane.starts).toHaveLength(2);
  });

  it('recovers without a fresh player when frames come back before the retry', async () => {
    const { pane, stopMoving } = fakePane();
    pane.frames = true;
    await vi.advanceTimersByTimeAsync(tickMs * 2);
    pane.frames = false;
    await vi.advanceTimersByTimeAsync(restartAfterMs);
    expect(pane.view).toMatchObject({ kind: 'lost' });
    pane.frames = true;
    await vi.advanceTimersByTimeAsync(tickMs * 2);
    expect(pane.view).toEqual({ kind: 'playing' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pane.starts).toHaveLength(1);
    pane.watch?.dispose();
    stopMoving();
  });

  it('gives up on a fresh player that shows nothing and says nothing', async () => {
    const { pane, stopMoving } = fakePane();
    await vi.advanceTimersByTimeAsync(startLimitMs - tickMs);
    expect(pane.view).toEqual({ kind: 'connecting' });
    await vi.advanceTimersByTimeAsync(tickMs);
    expect(pane.view).toMatchObject({ kind: 'offline', reason: videoTexts.noPicture });
    pane.watch?.dispose();
    stopMoving();
  });

  it('starts a fresh player at once on the operator’s retry', async () => {
    const { pane, stopMoving } = fakePane();
    pane.starts[0]?.('refused');
    pane.watch?.retryNow();
    expect(pane.starts).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pane.starts).toHaveLength(2);
    pane.watch?.dispose();
    stopMoving();
  });
});
