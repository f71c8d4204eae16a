// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider, localeStore } from '../../../i18n';
import { LivePlayer } from './LivePlayer';
import type { FailureReason } from './stall-watch';

// The player the pane starts: each start and stop is counted, and the test fails it at will.
const players = vi.hoisted(() => ({
  started: [] as ((reason: FailureReason) => void)[],
  paths: [] as string[],
  stopped: 0,
}));
vi.mock('./play-live', () => ({
  canPlayLive: () => true,
  playLive: (_video: HTMLVideoElement, path: string, fail: (reason: FailureReason) => void) => {
    players.started.push(fail);
    players.paths.push(path);
    return () => void (players.stopped += 1);
  },
}));

// The pane's place in the viewport, which the test scrolls.
let intersection: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
class TestIntersectionObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    intersection = callback;
  }
  observe() {}
  disconnect() {}
}

beforeAll(() => {
  Object.assign(globalThis, {
    IS_REACT_ACT_ENVIRONMENT: true,
    IntersectionObserver: TestIntersectionObserver,
  });
});

let container: HTMLDivElement;
let root: Root;
let tab: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  localeStore.set('zh-CN');
  players.started = [];
  players.paths = [];
  players.stopped = 0;
  tab = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => tab });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <LocaleProvider>
        <LivePlayer cameraId={7} stream="sub" />
      </LocaleProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

/** Renders the pane's player again on `stream`, as the wall does when its pane grows or shrinks. */
const playStream = (stream: 'main' | 'sub') =>
  act(() =>
    root.render(
      <LocaleProvider>
        <LivePlayer cameraId={7} stream={stream} />
      </LocaleProvider>,
    ),
  );
const videos = () => [...container.querySelectorAll('video')];
const statusText = () => container.querySelector('.cfop-live-player')?.textContent?.trim() ?? '';
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const failLatest = (reason: FailureReason) =>
  act(() => players.started[players.started.length - 1]?.(reason));

/** Frames show: the video has one and its time moves by 0.1 s each 100 ms. */
function playFrames(video: HTMLVideoElement) {
  let time = 0;
  Object.defineProperty(video, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time });
  const moving = setInterval(() => (time += 0.1), 100);
  return () => clearInterval(moving);
}

describe('a live pane', () => {
  it('shows 信号中断 with the seconds since the last frame, retries, and says 播放中 again when frames return', async () => {
    const video = container.querySelector('video') as HTMLVideoElement;
    let freeze = playFrames(video);
    await wait(1000);
    expect(statusText()).toBe('播放中');

    freeze();
    await wait(5000);
    expect(statusText()).toMatch(/^信号中断 · 4 秒\d 秒后重新连接重试$/);
    expect(container.querySelector('canvas')?.hidden).toBe(false);
    await wait(3000);
    expect(players.started).toHaveLength(2);
    expect(players.stopped).toBe(1);
    expect(statusText()).toBe('信号中断 · 7 秒正在重新连接…重试');
    // The fresh player is refused: a stream that played and stopped is no password problem.
    failLatest('无法打开实时视频：摄像头拒绝了连接或取流请求，请检查端口、用户名与密码');
    expect(statusText()).toMatch(/^信号中断 · 7 秒\d 秒后重新连接重试$/);
    // Each try opens the camera stream's live socket afresh.
    expect(players.paths).toEqual(['/live/cameras/7/sub/socket', '/live/cameras/7/sub/socket']);

    freeze = playFrames(video);
    await wait(1000);
    expect(statusText()).toBe('播放中');
    expect(container.querySelector('canvas')?.hidden).toBe(true);
    freeze();
  });

  it('neither counts a stall nor retries while its tab is hidden or it is scrolled away', async () => {
    failLatest('无法打开实时视频：连接被拒');
    expect(statusText()).toContain('离线无法打开实时视频：连接被拒');

    tab = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(players.stopped).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    await wait(120_000);
    expect(players.started).toHaveLength(1);

    // Back in view, it starts once, afresh; scrolled away, it stops again.
    tab = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(players.started).toHaveLength(2);
    expect(statusText()).toBe('连接中');
    act(() => intersection?.([{ isIntersecting: false }]));
    expect(players.stopped).toBe(2);
    await wait(120_000);
    expect(players.started).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one retry timer however often its player fails, and leaves none when closed', async () => {
    failLatest('a');
    failLatest('b');
    // The watch's ticker and one retry.
    expect(vi.getTimerCount()).toBe(2);
    await wait(2000);
    expect(players.started).toHaveLength(2);
    failLatest('c');
    act(() => root.unmount());
    expect(players.stopped).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    root = createRoot(container);
  });

  it('switches stream without a black frame: the new player starts beneath, and the old one stops at its first frame', async () => {
    const [sub] = videos() as [HTMLVideoElement];
    const freezeSub = playFrames(sub);
    await wait(1000);
    playStream('main');
    // Both play now; the sub stream's picture stays on screen, no 连接中 over it.
    expect(players.paths).toEqual(['/live/cameras/7/sub/socket', '/live/cameras/7/main/socket']);
    expect(players.stopped).toBe(0);
    expect(videos()).toHaveLength(2);
    expect(statusText()).toBe('播放中');
    expect(container.querySelector('.cfop-live-player')?.getAttribute('data-stream')).toBe('sub');
    await wait(10_000);
    expect(players.stopped).toBe(0);

    const main = videos()[0] as HTMLVideoElement;
    const freezeMain = playFrames(main);
    await wait(1000);
    // Its first frame shown, the main player comes to the front and the sub one stops.
    expect(players.stopped).toBe(1);
    expect(videos()).toEqual([main]);
    expect(container.querySelector('.cfop-live-player')?.getAttribute('data-stream')).toBe('main');
    expect(statusText()).toBe('播放中');
    freezeSub();
    freezeMain();
  });

  it('drops a standby that has not shown a frame when the stream on screen is asked for again', async () => {
    const freeze = playFrames(videos()[0] as HTMLVideoElement);
    await wait(1000);
    playStream('main');
    playStream('sub');
    expect(players.stopped).toBe(1);
    expect(videos()).toHaveLength(1);
    expect(players.paths).toEqual(['/live/cameras/7/sub/socket', '/live/cameras/7/main/socket']);
    freeze();
  });
});
