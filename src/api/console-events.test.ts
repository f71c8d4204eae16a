import { describe, expect, it, vi } from 'vitest';
import { sharedHold } from './console-events';

describe('sharedHold', () => {
  it('opens on the first hold with its arguments, closes on the last release, each release once', () => {
    const close = vi.fn();
    const open = vi.fn((_after: string) => ({ close }));
    const hold = sharedHold(open);
    const releaseA = hold('1');
    const releaseB = hold('2');
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('1');
    releaseA();
    releaseA();
    expect(close).not.toHaveBeenCalled();
    releaseB();
    expect(close).toHaveBeenCalledTimes(1);
    hold('3');
    expect(open).toHaveBeenLastCalledWith('3');
  });
});
