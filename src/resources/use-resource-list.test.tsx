// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { connection } from '../api';
import { createScreenVisibility, ScreenVisibilityContext } from '../session/screen-visibility';
import { emptyListState } from './list-query';
import { resourceApi, type ListPage } from './resource-api';
import { device } from './test-fixtures';
import { useResourceList, type ListResult } from './use-resource-list';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

const page = (name: string): ListPage => ({
  items: [{ id: 1, name }],
  total: 1,
  totalCapped: false,
  page: 1,
  pageSize: 20,
});

/** Renders the hook once and returns what it gave on its very first render. */
async function firstRender(): Promise<{ first: ListResult; unmount(): Promise<void> }> {
  const seen: ListResult[] = [];
  const state = emptyListState(device);
  function Probe() {
    seen.push(useResourceList(device, state, 0));
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
  const [first] = seen;
  if (!first) throw new Error('the probe did not render');
  return { first, unmount: () => act(async () => root.unmount()) };
}

describe('useResourceList', () => {
  it('shows the page last seen for the same query at once on return, while the fresh one loads', async () => {
    const list = vi.spyOn(resourceApi, 'list');
    list.mockResolvedValueOnce(page('first visit'));
    const visit = await firstRender();
    expect(visit.first.page).toBeNull();
    await visit.unmount();

    let answer: (value: ListPage) => void = () => undefined;
    list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const back = await firstRender();
    expect(back.first.page?.items).toEqual([{ id: 1, name: 'first visit' }]);
    // The rows shown answer the query asked: they stay usable while the fresh page loads.
    expect(back.first).toMatchObject({ loading: false, refreshing: true });
    await act(async () => answer(page('fresh')));
    await back.unmount();
    list.mockRestore();
  });

  it('renders nothing again when a kept list is shown again and its refresh answers the same page', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockImplementation(() => Promise.resolve(page('same')));
    const state = emptyListState(device);
    // What the list's page would render: React may call the hook's component to find its state
    // unchanged, but then leaves everything below it alone.
    let renders = 0;
    function Table() {
      renders += 1;
      return null;
    }
    function Probe() {
      useResourceList(device, state, 0);
      return <Table />;
    }
    // As the layout keeps it: rendered once, then only told it is hidden or shown.
    const visibility = createScreenVisibility(true);
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <ScreenVisibilityContext value={visibility}>
          <Probe />
        </ScreenVisibilityContext>,
      ),
    );
    const show = (mode: 'visible' | 'hidden') => act(async () => visibility.set(mode === 'visible'));
    await show('hidden');
    const before = renders;
    await show('visible');
    expect(list).toHaveBeenCalledTimes(2);
    expect(renders).toBe(before);

    list.mockImplementation(() => Promise.resolve(page('changed')));
    await show('hidden');
    await show('visible');
    expect(renders).toBe(before + 1);
    await act(async () => root.unmount());
    list.mockRestore();
  });

  it('keeps its rows marked stale when a refresh fails, and refreshes when the server is back', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValueOnce(page('before the outage'));
    const state = emptyListState(device);
    const seen: ListResult[] = [];
    function Probe({ reloadCount }: { reloadCount: number }) {
      seen.push(useResourceList(device, state, reloadCount));
      return null;
    }
    const last = () => seen.at(-1);
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Probe reloadCount={0} />));
    expect(last()?.page?.items).toEqual([{ id: 1, name: 'before the outage' }]);

    list.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => root.render(<Probe reloadCount={1} />));
    expect(last()).toMatchObject({ failed: false, stale: true, loading: false, refreshing: false });
    expect(last()?.page?.items).toEqual([{ id: 1, name: 'before the outage' }]);

    list.mockResolvedValueOnce(page('after the outage'));
    await act(async () => {
      connection.markLost();
      connection.markAnswered();
    });
    expect(list).toHaveBeenCalledTimes(3);
    expect(last()).toMatchObject({ failed: false, stale: false });
    expect(last()?.page?.items).toEqual([{ id: 1, name: 'after the outage' }]);
    await act(async () => root.unmount());
    list.mockRestore();
  });
});
