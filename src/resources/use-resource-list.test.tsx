// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connection } from '../api';
import { keptUnusedMs } from '../api/query-client';
import { testQueryClient } from '../api/test-support';
import { createScreenVisibility, ScreenVisibilityContext } from '../session/screen-visibility';
import { emptyListState, type ListState } from './list-query';
import { resourceApi, type ListPage } from './resource-api';
import { device } from './test-fixtures';
import { useResourceList, type ListResult } from './use-resource-list';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

const page = (name: string, number = 1): ListPage => ({
  items: [{ id: number, name }],
  total: 1,
  totalCapped: false,
  page: number,
  pageSize: 20,
});

let client: QueryClient;
beforeEach(() => {
  client = testQueryClient();
});
afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Renders a probe of the hook in the test's cache; `seen` holds what each render gave. */
function mount(wrap: (probe: ReactNode) => ReactNode = (probe) => probe) {
  const seen: ListResult[] = [];
  function Probe({ state }: { state: ListState }) {
    seen.push(useResourceList(device, state));
    return null;
  }
  const root = createRoot(document.createElement('div'));
  const render = (state: ListState) =>
    act(async () =>
      root.render(<QueryClientProvider client={client}>{wrap(<Probe state={state} />)}</QueryClientProvider>),
    );
  const last = () => {
    const result = seen.at(-1);
    if (!result) throw new Error('the probe did not render');
    return result;
  };
  return { seen, render, last, unmount: () => act(async () => root.unmount()) };
}

describe('useResourceList', () => {
  it('shows the page last seen for the same query at once on return', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValueOnce(page('first visit'));
    const state = emptyListState(device);
    const visit = mount();
    await visit.render(state);
    expect(visit.seen[0]?.page).toBeNull();
    await visit.unmount();

    const back = mount();
    await back.render(state);
    expect(back.seen[0]?.page?.items).toEqual([{ id: 1, name: 'first visit' }]);
    expect(back.seen[0]).toMatchObject({ loading: false, refreshing: false });
    expect(list).toHaveBeenCalledTimes(1);
    await back.unmount();
  });

  it('forgets a page nobody shows once the cache time has passed', async () => {
    vi.useFakeTimers();
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValue(page('first visit'));
    const state = emptyListState(device);
    const visit = mount();
    await visit.render(state);
    await visit.unmount();
    expect(client.getQueryCache().getAll()).toHaveLength(1);

    await act(async () => vi.advanceTimersByTime(keptUnusedMs + 1));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    const back = mount();
    await back.render(state);
    expect(back.seen[0]).toMatchObject({ page: null, loading: true });
    expect(list).toHaveBeenCalledTimes(2);
    await back.unmount();
  });

  it('keeps the last page on screen while another page loads', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValueOnce(page('page one'));
    const probe = mount();
    const state = emptyListState(device);
    await probe.render(state);

    let answer: (value: ListPage) => void = () => undefined;
    list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await probe.render({ ...state, page: 2 });
    expect(probe.last()).toMatchObject({ loading: true, refreshing: false });
    expect(probe.last().page?.items).toEqual([{ id: 1, name: 'page one' }]);

    await act(async () => answer(page('page two', 2)));
    expect(probe.last()).toMatchObject({ loading: false, refreshing: false });
    expect(probe.last().page?.items).toEqual([{ id: 2, name: 'page two' }]);
    await probe.unmount();
  });

  it('reads the resource again after a change, marking the rows refreshing meanwhile', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValueOnce(page('before the save'));
    const probe = mount();
    await probe.render(emptyListState(device));

    let answer: (value: ListPage) => void = () => undefined;
    list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await act(async () => probe.last().reload());
    expect(probe.last()).toMatchObject({ loading: false, refreshing: true });
    expect(probe.last().page?.items).toEqual([{ id: 1, name: 'before the save' }]);

    await act(async () => answer(page('after the save')));
    expect(probe.last()).toMatchObject({ loading: false, refreshing: false });
    expect(probe.last().page?.items).toEqual([{ id: 1, name: 'after the save' }]);
    expect(list).toHaveBeenCalledTimes(2);
    await probe.unmount();
  });

  it('renders nothing again when a kept list is shown again and its refresh answers the same page', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockImplementation(() => Promise.resolve(page('same')));
    // What the list's page would render: React may call the hook's component to find its state
    // unchanged, but then leaves everything below it alone.
    let renders = 0;
    function Table() {
      renders += 1;
      return null;
    }
    // As the layout keeps it: rendered once, then only told it is hidden or shown.
    const visibility = createScreenVisibility(true);
    const probe = mount((inner) => (
      <ScreenVisibilityContext value={visibility}>
        {inner}
        <Table />
      </ScreenVisibilityContext>
    ));
    await probe.render(emptyListState(device));
    const show = (mode: 'visible' | 'hidden') => act(async () => visibility.set(mode === 'visible'));
    await show('hidden');
    const before = probe.seen.length;
    await show('visible');
    expect(list).toHaveBeenCalledTimes(2);
    expect(probe.seen.length).toBe(before);

    list.mockImplementation(() => Promise.resolve(page('changed')));
    await show('hidden');
    await show('visible');
    expect(probe.seen.length).toBe(before + 1);
    expect(probe.last().page?.items).toEqual([{ id: 1, name: 'changed' }]);
    expect(renders).toBe(1);
    await probe.unmount();
  });

  it('keeps its rows marked stale when a refresh fails, and refreshes when the server is back', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValueOnce(page('before the outage'));
    const probe = mount();
    await probe.render(emptyListState(device));
    expect(probe.last().page?.items).toEqual([{ id: 1, name: 'before the outage' }]);

    list.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => probe.last().reload());
    expect(probe.last()).toMatchObject({ failed: false, stale: true, loading: false, refreshing: false });
    expect(probe.last().page?.items).toEqual([{ id: 1, name: 'before the outage' }]);

    list.mockResolvedValueOnce(page('after the outage'));
    await act(async () => {
      connection.markLost();
      connection.markAnswered();
    });
    expect(list).toHaveBeenCalledTimes(3);
    expect(probe.last()).toMatchObject({ failed: false, stale: false });
    expect(probe.last().page?.items).toEqual([{ id: 1, name: 'after the outage' }]);
    await probe.unmount();
  });
});
