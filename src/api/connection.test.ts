import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectionStore } from './connection';

afterEach(() => {
  vi.useRealTimers();
});

describe('the connection store', () => {
  it('probes a lost server with backoff until it answers, then tells its listeners', async () => {
    vi.useFakeTimers();
    const answers: (() => Promise<number>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(503),
      () => Promise.resolve(401),
    ];
    const probe = vi.fn(() => answers.shift()?.() ?? Promise.resolve(200));
    const store = createConnectionStore(probe);
    const changes: boolean[] = [];
    store.subscribe(() => changes.push(store.lost()));

    store.markLost();
    store.markLost();
    expect(changes).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probe).toHaveBeenCalledTimes(1);
    // The next waits twice as long.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(store.lost()).toBe(true);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(probe).toHaveBeenCalledTimes(3);
    // Any answer but a gateway's (a 401 envelope included) means the server is back.
    expect(changes).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('stops probing when a request of the console gets an answer first', async () => {
    vi.useFakeTimers();
    const probe = vi.fn(() => Promise.resolve(200));
    const store = createConnectionStore(probe);
    store.markLost();
    store.markAnswered();
    expect(store.lost()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).not.toHaveBeenCalled();
  });
});
