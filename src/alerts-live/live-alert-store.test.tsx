// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScreenVisibility, ScreenVisibilityContext } from '../session/screen-visibility';
import { useCameraAlert, type Alert, type LiveAlertStore } from './live-alert-store';
import { manualAlertStore, testAlert } from './test-alert';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

let nextId = 1;
/** A new alert of the camera each time. */
const alert = (cameraId: number, change: Partial<Alert> = {}) => {
  const id = nextId++;
  return testAlert(id, { cameraId, cameraName: `北门-${cameraId}`, ...change });
};

describe('the live alert store', () => {
  it('delivers a burst as one batch at the next flush, not one per alert', () => {
    const { store, flushes, flush } = manualAlertStore();
    const batches: (readonly Alert[])[] = [];
    store.onBatch((batch) => batches.push(batch));
    const burst = Array.from({ length: 200 }, (_, i) => alert(1 + (i % 5)));
    burst.forEach((one) => store.push(one));
    expect(flushes).toHaveLength(1);
    expect(batches).toEqual([]);
    flush();
    expect(batches).toEqual([burst]);
    store.push(alert(1));
    expect(flushes).toHaveLength(1);
  });

  it('keeps each camera’s newest alert and tells only that camera’s listeners', () => {
    const { store, flush } = manualAlertStore();
    const heard: number[] = [];
    store.subscribeCamera(1, () => heard.push(1));
    store.subscribeCamera(2, () => heard.push(2));
    const first = alert(1);
    const second = alert(1);
    store.push(first);
    store.push(second);
    flush();
    expect(heard).toEqual([1]);
    expect(store.cameraAlert(1)).toBe(second);
    // A handled state of an older alert does not replace the camera's newest one.
    store.push({ ...first, status: 'confirmed', revision: 99 });
    flush();
    expect(store.cameraAlert(1)).toBe(second);
    expect(heard).toEqual([1]);
  });

  it('opens one stream for all holders and closes it with the last', () => {
    const { store, opened } = manualAlertStore();
    const releaseA = store.retain();
    const releaseB = store.retain();
    expect(opened).toHaveLength(1);
    releaseA();
    expect(opened[0]?.closed).toBe(false);
    releaseB();
    expect(opened[0]?.closed).toBe(true);
    store.retain();
    expect(opened).toHaveLength(2);
  });
});

describe('useCameraAlert', () => {
  let container: HTMLDivElement;
  afterEach(() => container.remove());

  function Pane({
    cameraId,
    store,
    renders,
  }: {
    cameraId: number;
    store: LiveAlertStore;
    renders: number[];
  }) {
    const latest = useCameraAlert(cameraId, store);
    renders.push(cameraId);
    return <span>{latest ? `${latest.cameraName} ${latest.label}` : '—'}</span>;
  }

  it('renders a pane again only when its own camera alerts, once per batch', async () => {
    const { store, flush } = manualAlertStore();
    container = document.createElement('div');
    document.body.append(container);
    const renders: number[] = [];
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <>
          <Pane cameraId={1} store={store} renders={renders} />
          <Pane cameraId={2} store={store} renders={renders} />
        </>,
      ),
    );
    renders.length = 0;
    await act(async () => {
      for (let i = 0; i < 30; i += 1) store.push(alert(1, { label: `事件${i}` }));
      flush();
    });
    expect(renders).toEqual([1]);
    expect(container.textContent).toBe('北门-1 事件29—');
    await act(async () => root.unmount());
  });

  it('lets the stream go while its kept screen is hidden, and resumes it when shown again', async () => {
    const { store, opened } = manualAlertStore();
    container = document.createElement('div');
    document.body.append(container);
    const visibility = createScreenVisibility(true);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <ScreenVisibilityContext value={visibility}>
          <Pane cameraId={1} store={store} renders={[]} />
        </ScreenVisibilityContext>,
      ),
    );
    expect(opened).toHaveLength(1);
    await act(async () => visibility.set(false));
    expect(opened[0]?.closed).toBe(true);
    await act(async () => visibility.set(true));
    expect(opened.map((stream) => stream.closed)).toEqual([true, false]);
    await act(async () => root.unmount());
    expect(opened[1]?.closed).toBe(true);
  });
});
