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
}));
vi.mock('./LivePlayer', () => ({
  LivePlayer: (props: { onStatus: (status: PlayerStatus, video: HTMLVideoElement) => void }) => {
    seen.report = props.onStatus;
    return <video />;
  },
}));
vi.mock('./PaneOverlay', () => ({ PaneOverlay: () => null }));
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

async function showPane(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
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
          steerable={false}
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
