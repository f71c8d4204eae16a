// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider, localeStore } from '../../../i18n';
import type { PlayerStatus } from './LivePlayer';
import { VideoPane, type PaneActions } from './VideoPane';

// The test plays the player's part: it reports the statuses, and the snapshot is only counted.
const seen = vi.hoisted(() => ({
  report: null as ((status: PlayerStatus, video: HTMLVideoElement) => void) | null,
  snapshots: [] as [HTMLVideoElement, string][],
  ptzCalls: [] as [string, unknown][],
}));
vi.mock('./LivePlayer', () => ({
  LivePlayer: (props: { onStatus: (status: PlayerStatus, video: HTMLVideoElement) => void }) => {
    seen.report = props.onStatus;
    return <video />;
  },
}));
vi.mock('./PaneOverlay', () => ({ PaneOverlay: () => null }));
vi.mock('./PanePtz', () => ({ PanePtz: () => <div className="pane-ptz-shown" /> }));
// The pad's moves and stops, as the pane sends them.
vi.mock('../../../api', () => ({
  api: {
    POST: (path: string, options: { body?: unknown }) => {
      seen.ptzCalls.push([path, options.body]);
      return Promise.resolve();
    },
  },
  call: (sent: Promise<unknown>) => sent,
}));
vi.mock('../../../media/snapshot', () => ({
  downloadSnapshot: (video: HTMLVideoElement, name: string) => void seen.snapshots.push([video, name]),
}));

const actions: PaneActions = { select: vi.fn(), close: vi.fn(), drop: vi.fn(), switchStream: vi.fn() };

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  vi.useFakeTimers();
  seen.report = null;
  seen.snapshots = [];
  seen.ptzCalls = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

async function showPane(locale: 'zh-CN' | 'en-US' = 'zh-CN', steerable = false) {
  localeStore.set(locale);
  await act(async () =>
    root.render(
      <LocaleProvider>
        <VideoPane
          pane={0}
          cameraId={7}
          cameraName="东门入口"
          stream="sub"
          hasSubStream={false}
          selected={false}
          single={false}
          steerable={steerable}
          actions={actions}
        />
      </LocaleProvider>,
    ),
  );
}

const snapshotButton = (name = '抓图') =>
  container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`) as HTMLButtonElement;

async function report(status: PlayerStatus) {
  const video = container.querySelector('video') as HTMLVideoElement;
  await act(async () => seen.report?.(status, video));
  return video;
}

/** The text of the tooltip the button shows on hover. */
async function tooltipOf(button: HTMLButtonElement): Promise<string> {
  const target = button.parentElement as HTMLElement;
  await act(async () => {
    target.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    target.dispatchEvent(new MouseEvent('mouseenter', { bubbles: false }));
    await vi.advanceTimersByTimeAsync(500);
  });
  const tips = [...document.querySelectorAll('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-container')];
  return tips.map((tip) => tip.textContent).join(' | ');
}

describe('a pane’s snapshot', () => {
  it('is offered only while the pane plays, saying why not otherwise', async () => {
    await showPane();
    expect(snapshotButton().disabled).toBe(true);
    await expect(tooltipOf(snapshotButton())).resolves.toBe('连接中，出现画面后才能抓图');

    const video = await report('playing');
    expect(snapshotButton().disabled).toBe(false);
    await act(async () => snapshotButton().click());
    expect(seen.snapshots).toEqual([[video, '东门入口']]);

    await report('lost');
    expect(snapshotButton().disabled).toBe(true);
    await act(async () => snapshotButton().click());
    expect(seen.snapshots).toHaveLength(1);
  });

  it('tells an offline pane’s operator why, in English too', async () => {
    await showPane('en-US');
    await report('offline');
    const button = snapshotButton('Snapshot');
    expect(button.disabled).toBe(true);
    await expect(tooltipOf(button)).resolves.toBe('Offline: there is no picture to take');
  });
});

describe('a pane’s PTZ pad', () => {
  const ptzButton = () => container.querySelector<HTMLButtonElement>('button[aria-label="云台"]');
  const padShown = () => container.querySelector('.pane-ptz-shown') !== null;
  /** A key pressed on the pane: whether it went on to the wall (which moves the selection). */
  async function press(type: 'keydown' | 'keyup', key: string): Promise<boolean> {
    let reachedWall = false;
    const wall = (event: Event) => (reachedWall = !event.defaultPrevented);
    document.body.addEventListener(type, wall);
    const frame = container.querySelector('[data-pane]') as HTMLElement;
    await act(async () => frame.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true })));
    document.body.removeEventListener(type, wall);
    return reachedWall;
  }

  it('is not offered on a pane its user may not steer', async () => {
    await showPane();
    expect(ptzButton()).toBe(null);
  });

  it('opens on the pane, where the arrow keys then steer the camera until closed', async () => {
    await showPane('zh-CN', true);
    await act(async () => ptzButton()?.click());
    expect(padShown()).toBe(true);
    expect(ptzButton()?.getAttribute('aria-pressed')).toBe('true');

    await expect(press('keydown', 'ArrowLeft')).resolves.toBe(false);
    await expect(press('keyup', 'ArrowLeft')).resolves.toBe(false);
    expect(seen.ptzCalls).toEqual([
      ['/cameras/{id}/ptz/move', { pan: -0.5, tilt: 0, zoom: 0 }],
      ['/cameras/{id}/ptz/stop', undefined],
    ]);

    // Held when the pad closes: the hold ends with a stop, and the keys are the wall's again.
    await press('keydown', '+');
    await act(async () => ptzButton()?.click());
    expect(padShown()).toBe(false);
    expect(seen.ptzCalls.slice(2)).toEqual([
      ['/cameras/{id}/ptz/move', { pan: 0, tilt: 0, zoom: 0.5 }],
      ['/cameras/{id}/ptz/stop', undefined],
    ]);
    await expect(press('keydown', 'ArrowLeft')).resolves.toBe(true);
    expect(seen.ptzCalls).toHaveLength(4);
  });
});
