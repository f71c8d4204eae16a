// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../../api/test-support';
import { LocaleProvider, localeStore } from '../../../i18n';
import type * as Session from '../../../session';
import type * as ScreenLocation from '../../../session/screen-location';
import { AlertCard } from './AlertCard';
import { alertApi } from './alert-api';
import type { Alert } from '../../../alerts-live/live-alert-store';
import { testAlert } from '../../../alerts-live/test-alert';
import { wallSnapshotDelayMs } from './use-snapshot';

// The operator's keys and where the router was asked to go.
const seen = vi.hoisted(() => ({ keys: new Set<string>(), navigated: [] as unknown[], opened: 0 }));
vi.mock('../../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof Session>()),
  useSession: () => ({ canOpen: (route: { access: string | null }) => seen.keys.has(route.access ?? '') }),
}));
vi.mock('../../../session/screen-location', async (importOriginal) => ({
  ...(await importOriginal<typeof ScreenLocation>()),
  useRouterNavigate: () => (to: unknown) => void seen.navigated.push(to),
}));

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

let container: HTMLDivElement;
let root: Root;
let client: QueryClient;
beforeEach(() => {
  client = testQueryClient();
  seen.keys = new Set(['KEY.CENTER.VIDEO', 'KEY.CENTER.PLAYBACK']);
  seen.navigated = [];
  seen.opened = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function showCard(alert: Alert, locale: 'zh-CN' | 'en-US' = 'zh-CN', selectable = true) {
  localeStore.set(locale);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <LocaleProvider>
          <AlertCard
            alert={alert}
            selected={false}
            focused
            position={1}
            setSize={1}
            onFocus={() => undefined}
            onOpen={() => void (seen.opened += 1)}
            onSelect={selectable ? () => undefined : null}
          />
        </LocaleProvider>
      </QueryClientProvider>,
    ),
  );
  return container.querySelector('article');
}

/** A device alert as the server answers it: no camera, snapshot, boxes or confidence of its own. */
const serverOffline = testAlert(3, {
  source: 'device',
  type: 'aiServerOffline',
  label: 'AI服务器离线',
  cameraId: null,
  cameraName: '',
  area: '',
  snapshotId: null,
  confidence: 1,
});

describe('an alert card', () => {
  it('shows a device alert by the server it concerns, with a device tag for a snapshot and no confidence', async () => {
    const card = await showCard(serverOffline);
    expect(card?.getAttribute('aria-label')).toBe('AI服务器离线 边缘盒子-1');
    expect(card?.querySelector('.cfop-alert-card-where')?.textContent).toBe('边缘盒子-1');
    expect(card?.querySelector('.cfop-alert-snapshot')?.textContent).toBe('设备告警');
    expect(card?.querySelector('.cfop-alert-card-confidence')).toBeNull();
    expect(card?.textContent).not.toContain('无快照');
    expect(card?.textContent).not.toContain('%');
  });

  it('names the camera of a camera’s stream alert, in English too', async () => {
    const card = await showCard(
      {
        ...serverOffline,
        type: 'cameraStreamLost',
        label: 'Camera stream lost',
        cameraId: 1,
        cameraName: '北门-1',
        area: '一号园区',
      },
      'en-US',
    );
    expect(card?.querySelector('.cfop-alert-card-where')?.textContent).toBe('北门-1 · 一号园区');
    expect(card?.querySelector('.cfop-alert-snapshot')?.textContent).toBe('Device alert');
  });

  it('shows an AI alert’s confidence', async () => {
    const card = await showCard(testAlert(4, { snapshotId: null }));
    expect(card?.querySelector('.cfop-alert-card-confidence')?.textContent).toBe('90%');
    expect(card?.querySelector('.cfop-alert-card-where')?.textContent).toBe('北门-1 · 一号园区');
  });

  it('fetches its snapshot once it stayed a moment on the wall, not when a burst replaces it before', async () => {
    vi.useFakeTimers();
    const fetched = vi.spyOn(alertApi, 'snapshot').mockResolvedValue(new Blob(['jpeg']));
    Object.assign(URL, { createObjectURL: () => 'blob:snapshot' });
    try {
      await showCard(testAlert(5, { snapshotId: 51 }));
      await act(async () => vi.advanceTimersByTime(wallSnapshotDelayMs - 1));
      await showCard(testAlert(6, { snapshotId: 61 }));
      expect(fetched).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(wallSnapshotDelayMs));
      expect(fetched.mock.calls).toEqual([[61]]);
      expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:snapshot');
    } finally {
      fetched.mockRestore();
      vi.useRealTimers();
    }
  });

  it('opens its camera alone on the video wall, marked as opened from it, not its own drawer', async () => {
    const card = await showCard(testAlert(7, { cameraId: 12, snapshotId: null }));
    const live = card?.querySelector<HTMLAnchorElement>('a[aria-label="查看实时视频"]');
    expect(live?.getAttribute('href')).toBe('/monitor/video?layout=1&cams=12&fromAlert=7');
    await act(async () => live?.click());
    expect(seen.navigated).toEqual(['/monitor/video?layout=1&cams=12&fromAlert=7']);
    expect(seen.opened).toBe(0);
  });

  it('opens its camera’s recording a few seconds before the alert, not its own drawer', async () => {
    const alert = testAlert(9, { cameraId: 12, snapshotId: null });
    const card = await showCard(alert);
    const recorded = card?.querySelector<HTMLAnchorElement>('a[aria-label="查看录像"]');
    const at = new Date(Date.parse(alert.occurredAt) - 5000).toISOString();
    const link = `/monitor/playback?${new URLSearchParams({ camera: '12', at, fromAlert: '9' }).toString()}`;
    expect(recorded?.getAttribute('href')).toBe(link);
    await act(async () => recorded?.click());
    expect(seen.navigated).toEqual([link]);
    expect(seen.opened).toBe(0);
  });

  it('has the way to live video for a camera’s device alert, not for a server’s or without the wall’s key', async () => {
    const streamLost = { ...serverOffline, type: 'cameraStreamLost', cameraId: 5, cameraName: '北门-1' };
    const liveOf = (card: Element | null) => card?.querySelector('.cfop-alert-live')?.getAttribute('href');
    expect(liveOf(await showCard(streamLost, 'en-US'))).toBe('/monitor/video?layout=1&cams=5&fromAlert=3');
    expect(liveOf(await showCard(serverOffline))).toBeUndefined();
    seen.keys = new Set(['KEY.CENTER.AIWARN']);
    expect(liveOf(await showCard(testAlert(8, { snapshotId: null })))).toBeUndefined();
  });

  it('has no way to the recording without the playback key, however it may watch live', async () => {
    seen.keys = new Set(['KEY.CENTER.VIDEO']);
    const card = await showCard(testAlert(10, { cameraId: 12, snapshotId: null }));
    expect(card?.querySelector('a[aria-label="查看录像"]')).toBeNull();
    expect(card?.querySelector('a[aria-label="查看实时视频"]')).not.toBeNull();
  });

  it('has a checkbox for bulk handling only for an operator who may handle alerts', async () => {
    const checkbox = (card: Element | null) => card?.querySelector('input[type="checkbox"]') ?? null;
    expect(checkbox(await showCard(testAlert(11, { snapshotId: null })))).not.toBeNull();
    expect(checkbox(await showCard(testAlert(11, { snapshotId: null }), 'en-US', false))).toBeNull();
  });
});
