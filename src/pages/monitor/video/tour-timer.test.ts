import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTourTimer } from './tour-timer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function tour() {
  const turns: number[] = [];
  const pauses: boolean[] = [];
  const timer = startTourTimer({
    everyMs: 5_000,
    idleMs: 10_000,
    advance: () => turns.push(Date.now()),
    onPause: (paused) => pauses.push(paused),
  });
  return { timer, turns, pauses };
}

describe('the tour timer', () => {
  it('turns a page every interval', () => {
    const { turns } = tour();
    vi.advanceTimersByTime(4_999);
    expect(turns).toHaveLength(0);
    vi.advanceTimersByTime(10_001);
    expect(turns).toHaveLength(3);
  });

  it('pauses on a touch of the wall until the wall is left alone, then gives the page a whole interval', () => {
    const { timer, turns, pauses } = tour();
    vi.advanceTimersByTime(4_000);
    timer.interact();
    expect(pauses).toEqual([true]);
    vi.advanceTimersByTime(8_000);
    timer.interact();
    vi.advanceTimersByTime(9_999);
    expect(turns).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(pauses).toEqual([true, false]);
    vi.advanceTimersByTime(4_999);
    expect(turns).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(turns).toHaveLength(1);
  });

  it('stays paused while held (a pane full screen), however long ago the last touch', () => {
    const { timer, turns, pauses } = tour();
    timer.hold(true);
    timer.interact();
    vi.advanceTimersByTime(60_000);
    expect(turns).toHaveLength(0);
    expect(pauses).toEqual([true]);
    timer.hold(false);
    expect(pauses).toEqual([true, false]);
    vi.advanceTimersByTime(5_000);
    expect(turns).toHaveLength(1);
  });

  it('turns no page once stopped', () => {
    const { timer, turns } = tour();
    timer.interact();
    timer.stop();
    vi.advanceTimersByTime(60_000);
    expect(turns).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
