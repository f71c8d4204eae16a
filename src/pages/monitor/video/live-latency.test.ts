import { describe, expect, it } from 'vitest';
import { catchUpRate, chaseLiveEdge, keepBehindS, staleUntil, trimBatchS } from './live-latency';

describe('the chase of the newest frame', () => {
  it('jumps into the newest range from before it: the first fragment is not at 0', () => {
    expect(chaseLiveEdge(0, 1, 1234, 1234.05)).toEqual({ seekTo: 1234, rate: 1 });
    // Stuck at a gap before the newest range.
    expect(chaseLiveEdge(1233.9, 1, 1234, 1234.5)).toEqual({ seekTo: 1234.2, rate: 1 });
  });

  it('jumps to 0.3 s behind the newest frame when more than a second behind', () => {
    expect(chaseLiveEdge(100, 1, 98, 102)).toEqual({ seekTo: 101.7, rate: 1 });
    expect(chaseLiveEdge(100, catchUpRate, 98, 101.25)).toEqual({ seekTo: 100.95, rate: 1 });
  });

  it('plays a little faster when modestly behind, and normally again once close', () => {
    expect(chaseLiveEdge(100, 1, 98, 100.7)).toEqual({ seekTo: null, rate: catchUpRate });
    // In between, it keeps its rate, so it does not flap with each frame.
    expect(chaseLiveEdge(100, catchUpRate, 98, 100.5)).toEqual({ seekTo: null, rate: catchUpRate });
    expect(chaseLiveEdge(100, 1, 98, 100.5)).toEqual({ seekTo: null, rate: 1 });
    expect(chaseLiveEdge(100, catchUpRate, 98, 100.3)).toEqual({ seekTo: null, rate: 1 });
  });
});

describe('the buffer behind the play position', () => {
  it('keeps 10 s and drops the rest in batches of more than 5 s', () => {
    expect(staleUntil(100, 86, keepBehindS, trimBatchS)).toBeNull();
    expect(staleUntil(100, 84, keepBehindS, trimBatchS)).toBe(90);
    expect(staleUntil(5, 0, keepBehindS, trimBatchS)).toBeNull();
  });

  it('keeps what it is told when room must be made at once', () => {
    expect(staleUntil(100, 99.5, 1, 0)).toBeNull();
    expect(staleUntil(100, 98, 1, 0)).toBe(99);
  });
});
