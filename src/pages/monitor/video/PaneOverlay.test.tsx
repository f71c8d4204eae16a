// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EventStream from '../../../api/event-stream';
import type { StreamOptions } from '../../../api/event-stream';
import { LocaleProvider, localeStore } from '../../../i18n';
import type * as Session from '../../../session';
import { flushEveryMs } from '../../../alerts-live/live-alert-store';
import { testAlert } from '../../../alerts-live/test-alert';
import { VideoPane, type PaneActions } from './VideoPane';

// What the test drives: the alert stream's subscribers, the session's access and the player.
const seen = vi.hoisted(() => ({
  streams: [] as StreamOptions[],
  canSeeAlerts: true,
  playerRenders: 0,
}));

vi.mock('../../../api/event-stream', async (importOriginal) => ({
  ...(await importOriginal<typeof EventStream>()),
  subscribeEvents: (_path: string, options: StreamOptions) => {
    seen.streams.push(options);
    return { close: () => void seen.streams.splice(seen.streams.indexOf(options), 1) };
  },
}));

vi.mock('../../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof Session>()),
  useSession: () => ({ access: { 'KEY.CENTER.AIWARN': seen.canSeeAlerts } }),
}));

// Not memoised: it renders whenever the pane around it does, so its count is the pane's too.
vi.mock('./LivePlayer', () => ({
  LivePlayer: () => {
    seen.playerRenders += 1;
    return <video />;
  },
}));

const actions: PaneActions = { select: vi.fn(), close: vi.fn(), drop: vi.fn(), switchStream: vi.fn() };

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  vi.useFakeTimers();
  localeStore.set('zh-CN');
  seen.playerRenders = 0;
  seen.canSeeAlerts = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

async function showPane(cameraId: number) {
  await act(async () =>
    root.render(
      <LocaleProvider>
        <VideoPane
          pane={0}
          cameraId={cameraId}
          cameraName="东门"
          stream="sub"
          hasSubStream={false}
          selected
          single={false}
          steerable={false}
          actions={actions}
        />
      </LocaleProvider>,
    ),
  );
}

/** Alerts come through the live stream, then the store's batch is shown. */
function streamAlerts(...alerts: ReturnType<typeof testAlert>[]) {
  act(() => {
    for (const alert of alerts) {
      seen.streams.forEach((stream) =>
        stream.onEvent({ id: String(alert.revision), event: 'alert', data: JSON.stringify(alert) }),
      );
    }
    vi.advanceTimersByTime(flushEveryMs);
  });
}

const banner = () => container.querySelector<HTMLAnchorElement>('.cfop-pane-alert');

describe('a video pane with live alerts', () => {
  it('shows its camera’s pending alert over the video without rendering the pane or its player again', async () => {
    await showPane(7);
    expect(seen.streams).toHaveLength(1);
    expect(seen.playerRenders).toBe(1);

    streamAlerts(testAlert(1, { cameraId: 8, label: '吸烟' }));
    expect(banner()).toBeNull();

    const raised = testAlert(2, { cameraId: 7, level: 'critical', label: '人员闯入' });
    streamAlerts(raised);
    expect(banner()?.textContent).toContain('紧急');
    expect(banner()?.textContent).toContain('人员闯入');
    expect(banner()?.getAttribute('href')).toBe('/monitor/ai?cameraId=7&status=pending');
    expect(container.querySelector('.cfop-pane-alarm-critical')).not.toBeNull();

    // A burst for the camera is one update; handled, the alert leaves the pane.
    streamAlerts(...[3, 4, 5].map((id) => testAlert(id, { cameraId: 7, label: `告警${id}` })));
    expect(banner()?.dataset.alertId).toBe('5');
    streamAlerts(testAlert(5, { cameraId: 7, revision: 6, status: 'confirmed' }));
    expect(banner()).toBeNull();

    expect(seen.playerRenders).toBe(1);
  });

  it('opens no alert stream for an operator who may not see alerts', async () => {
    seen.canSeeAlerts = false;
    await showPane(7);
    expect(seen.streams).toHaveLength(0);
    expect(container.querySelector('.cfop-pane-name')?.textContent).toBe('东门');
  });
});
