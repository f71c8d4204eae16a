import { describe, expect, it } from 'vitest';
import { directionOfKey, ptzHold, ptzMoves, ptzRepeatMs, type PtzVelocity } from './ptz-control';

/** A sender recording what it is asked, and timers a test runs by hand. */
function recorder() {
  const sent: (PtzVelocity | 'stop')[] = [];
  const intervals = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const sender = {
    move: async (velocity: PtzVelocity) => void sent.push(velocity),
    stop: async () => void sent.push('stop'),
  };
  const timers = {
    setInterval: (run: () => void, ms: number) => {
      intervals.set(++next, { run, ms });
      return next;
    },
    clearInterval: (handle: unknown) => void intervals.delete(handle as number),
  };
  const tick = () => intervals.forEach((interval) => interval.run());
  return { sent, intervals, sender, timers, tick };
}

describe('PTZ pad', () => {
  it('maps arrow keys and + / − to moves, other keys to none', () => {
    expect(directionOfKey('ArrowUp')).toBe('up');
    expect(directionOfKey('ArrowDown')).toBe('down');
    expect(directionOfKey('ArrowLeft')).toBe('left');
    expect(directionOfKey('ArrowRight')).toBe('right');
    expect(directionOfKey('+')).toBe('zoomIn');
    expect(directionOfKey('=')).toBe('zoomIn');
    expect(directionOfKey('-')).toBe('zoomOut');
    expect(directionOfKey('a')).toBeNull();
    expect(directionOfKey('Enter')).toBeNull();
    expect(ptzMoves.left).toEqual({ pan: -0.5, tilt: 0, zoom: 0 });
    expect(ptzMoves.up).toEqual({ pan: 0, tilt: 0.5, zoom: 0 });
  });

  it('moves at once, again while held, and stops once on release', () => {
    const { sent, intervals, sender, timers, tick } = recorder();
    const pad = ptzHold(sender, timers);
    pad.hold('right');
    expect(sent).toEqual([ptzMoves.right]);
    expect([...intervals.values()].map((i) => i.ms)).toEqual([ptzRepeatMs]);
    tick();
    expect(sent).toEqual([ptzMoves.right, ptzMoves.right]);
    // A key's auto-repeat holding the same direction sends nothing more.
    pad.hold('right');
    expect(sent).toHaveLength(2);
    pad.release();
    expect(sent).toEqual([ptzMoves.right, ptzMoves.right, 'stop']);
    expect(intervals.size).toBe(0);
    // Pointer up, leave and blur all release: only the first stops.
    pad.release();
    pad.release();
    expect(sent.filter((s) => s === 'stop')).toHaveLength(1);
    expect(pad.holding).toBeNull();
  });

  it('switches to another direction without a stop between, keeping one repeat', () => {
    const { sent, intervals, sender, timers } = recorder();
    const pad = ptzHold(sender, timers);
    pad.hold('up');
    pad.hold('zoomIn');
    expect(sent).toEqual([ptzMoves.up, ptzMoves.zoomIn]);
    expect(intervals.size).toBe(1);
    expect(pad.holding).toBe('zoomIn');
  });

  it('carries on when a send fails', async () => {
    const { timers } = recorder();
    let stops = 0;
    const pad = ptzHold(
      { move: () => Promise.reject(new Error('offline')), stop: async () => void stops++ },
      timers,
    );
    pad.hold('left');
    await Promise.resolve();
    pad.release();
    expect(stops).toBe(1);
  });
});
