// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BusinessError } from './errors';
import { testQueryClient } from './test-support';
import { useRead, type Read } from './use-read';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(() => {
  vi.useRealTimers();
});

interface Clip {
  readonly complete: boolean;
}

async function showRead(read: () => Promise<Clip>) {
  let shown: Read<Clip> | undefined;
  function Probe() {
    shown = useRead(['clip', 1], read, { readAgainAfter: (clip) => !clip.complete && 2000 });
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      <QueryClientProvider client={testQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  return { shown: () => shown as Read<Clip>, unmount: () => act(async () => root.unmount()) };
}

describe('a read through the cache', () => {
  it('is read again after the time its answer sets, until the answer says no more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const read = vi
      .fn<() => Promise<Clip>>()
      .mockResolvedValueOnce({ complete: false })
      .mockResolvedValueOnce({ complete: false })
      .mockResolvedValue({ complete: true });
    const { shown, unmount } = await showRead(read);
    expect(shown().data).toEqual({ complete: false });
    await act(async () => vi.advanceTimersByTime(2000));
    expect(read).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTime(2000));
    expect(shown().data).toEqual({ complete: true });
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(read).toHaveBeenCalledTimes(3);
    await unmount();
  });

  it('tells why it failed', async () => {
    const refusal = new BusinessError('404', '告警不存在', null);
    const { shown, unmount } = await showRead(() => Promise.reject(refusal));
    expect(shown()).toMatchObject({ failed: true, error: refusal, data: undefined });
    await unmount();
  });
});
