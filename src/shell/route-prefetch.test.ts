import { describe, expect, it, vi } from 'vitest';
import { routeDef } from '../session/test-fixtures';
import { prefetchRoute } from './route-prefetch';

describe('prefetchRoute', () => {
  it('fetches a route page once however often it is asked', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => null }));
    const table = [routeDef('/a', { load })];
    prefetchRoute('/a', table);
    prefetchRoute('/a', table);
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const table = [routeDef('/b', { load })];
    prefetchRoute('/b', table);
    await new Promise((resolve) => setTimeout(resolve, 0));
    prefetchRoute('/b', table);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ignores a path without a page', () => {
    expect(() => prefetchRoute('/nowhere', [routeDef('/a', { load: null })])).not.toThrow();
  });
});
