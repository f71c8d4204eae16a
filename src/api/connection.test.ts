import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectionStore, isOutageAnswer } from './connection';

afterEach(() => {
  vi.useRealTimers();
});

describe('the connection store', () => {
  it('probes a lost server with backoff until it answers, then tells its listeners', async () => {
    vi.useFakeTimers();
    // Nothing answers, then a gateway's outage page, then the server's own 401.
    const answers: (() => Promise<boolean>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(true),
      () => Promise.resolve(false),
    ];
    const probe = vi.fn(() => answers.shift()?.() ?? Promise.resolve(false));
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
    const probe = vi.fn(() => Promise.resolve(false));
    const store = createConnectionStore(probe);
    store.markLost();
    store.markAnswered();
    expect(store.lost()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).not.toHaveBeenCalled();
  });

  it("counts a gateway's 502/503/504 as an outage, never the server's own envelope", () => {
    const answer = (status: number, type: string) => ({
      status,
      headers: new Headers({ 'Content-Type': type }),
    });
    expect(isOutageAnswer(answer(502, 'text/html'))).toBe(true);
    expect(isOutageAnswer(answer(504, ''))).toBe(true);
    // A camera the server cannot reach, all live views in use, the database away: it answered.
    expect(isOutageAnswer(answer(502, 'application/json; charset=utf-8'))).toBe(false);
    expect(isOutageAnswer(answer(503, 'application/json; charset=utf-8'))).toBe(false);
    expect(isOutageAnswer(answer(500, 'text/html'))).toBe(false);
  });
});
