import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_FLAG,
  ChunkLoadError,
  claimReloadForChunkError,
  forgetChunkReload,
  isVanishedChunkError,
  withTimeout,
} from './chunk-load';

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the chunk when it arrives in time', async () => {
    const page = { default: 'page' };
    const load = withTimeout(() => new Promise((resolve) => setTimeout(() => resolve(page), 900)), 1000);
    const result = load();
    await vi.advanceTimersByTimeAsync(900);
    await expect(result).resolves.toBe(page);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with a ChunkLoadError once the time is up', async () => {
    const outcome = withTimeout(() => new Promise<never>(() => {}), 1000)().catch((error: unknown) => error);
    const state = { settled: false };
    void outcome.then(() => (state.settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a failed import through unchanged and calls the loader afresh on each try', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    const loader = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce('ok');
    const load = withTimeout(loader, 1000);
    await expect(load()).rejects.toBe(failure);
    await expect(load()).resolves.toBe('ok');
    expect(loader).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('isVanishedChunkError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://x/assets/Home-abc.js',
    'error loading dynamically imported module: http://x/assets/Home-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/Home-abc.css',
    "Failed to load module script: Expected a JavaScript module script but 'text/html' is not a valid JavaScript MIME type.",
  ])('recognises %s', (message) => {
    expect(isVanishedChunkError(new TypeError(message))).toBe(true);
  });

  it('does not take a time-out or a page bug for a vanished chunk', () => {
    expect(isVanishedChunkError(new ChunkLoadError('Page chunk did not load within 5 ms'))).toBe(false);
    expect(isVanishedChunkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      false,
    );
  });
});

describe('claimReloadForChunkError', () => {
  const vanished = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');

  function memoryStorage() {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    };
  }

  it('allows one reload for a vanished chunk, then shows the retry page', () => {
    const storage = memoryStorage();
    expect(claimReloadForChunkError(vanished, 'analysis/OperationsDashboard', storage, true)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).toBe('analysis/OperationsDashboard');
    expect(claimReloadForChunkError(vanished, 'analysis/OperationsDashboard', storage, true)).toBe(false);
  });

  it('keeps the flag while other chunks load, so a still-missing chunk cannot loop', () => {
    const storage = memoryStorage();
    claimReloadForChunkError(vanished, 'analysis/OperationsDashboard', storage, true);
    forgetChunkReload('shell/BasicLayout', storage);
    expect(claimReloadForChunkError(vanished, 'analysis/OperationsDashboard', storage, true)).toBe(false);
  });

  it('allows a reload again once the chunk it was for has loaded', () => {
    const storage = memoryStorage();
    claimReloadForChunkError(vanished, 'analysis/OperationsDashboard', storage, true);
    forgetChunkReload('analysis/OperationsDashboard', storage);
    expect(claimReloadForChunkError(vanished, 'home/HomePage', storage, true)).toBe(true);
  });

  it('never reloads for a time-out or while offline', () => {
    const storage = memoryStorage();
    expect(claimReloadForChunkError(new ChunkLoadError('slow'), 'a', storage, true)).toBe(false);
    expect(claimReloadForChunkError(vanished, 'a', storage, false)).toBe(false);
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});
