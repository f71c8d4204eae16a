// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../../api/test-support';
import { alertApi } from './alert-api';
import { useSnapshot, type SnapshotState } from './use-snapshot';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Cards showing the snapshots of `ids` after `delayMs`, and what each card showed last. */
function renderCards(client = testQueryClient()) {
  const seen = new Map<string, SnapshotState>();
  function Card({ name, id, delayMs }: { name: string; id: number; delayMs: number }) {
    seen.set(name, useSnapshot(id, delayMs));
    return null;
  }
  const root = createRoot(document.createElement('div'));
  const render = (cards: { name: string; id: number; delayMs: number }[]) =>
    act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          {cards.map((card) => (
            <Card key={card.name} {...card} />
          ))}
        </QueryClientProvider>,
      ),
    );
  return { seen, render, unmount: () => act(async () => root.unmount()) };
}

describe('an alert snapshot read through the cache', () => {
  it('waits for a card to stay before fetching, and shows a fetched one at once elsewhere', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:snapshot-7');
    const fetch = vi.spyOn(alertApi, 'snapshot').mockResolvedValue(new Blob(['jpeg']));
    const { seen, render, unmount } = renderCards();

    await render([{ name: 'card', id: 7, delayMs: 300 }]);
    expect(seen.get('card')).toBe('waiting');
    expect(fetch).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(300));
    expect(seen.get('card')).toEqual({ url: 'blob:snapshot-7' });

    await render([
      { name: 'card', id: 7, delayMs: 300 },
      { name: 'drawer', id: 7, delayMs: 0 },
      { name: 'passing card', id: 8, delayMs: 300 },
    ]);
    expect(seen.get('drawer')).toEqual({ url: 'blob:snapshot-7' });
    expect(seen.get('passing card')).toBe('waiting');
    expect(fetch).toHaveBeenCalledTimes(1);
    await unmount();
  });

  it('says a fetch failed', async () => {
    vi.spyOn(alertApi, 'snapshot').mockRejectedValue(new Error('gone'));
    const { seen, render, unmount } = renderCards();
    await render([{ name: 'drawer', id: 9, delayMs: 0 }]);
    expect(seen.get('drawer')).toBe('failed');
    await unmount();
  });
});
