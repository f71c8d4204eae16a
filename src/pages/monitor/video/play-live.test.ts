// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../api';
import { openWallSocketsEarly } from './early-sockets';
import { canPlayLive, playLive } from './play-live';
import type { FailureReason } from './stall-watch';
import { videoTexts } from './video-texts';

/** The browser's WebSocket, as far as the player uses it. */
class TestSocket {
  static opened: TestSocket[] = [];
  binaryType = 'blob';
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    TestSocket.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

class TestMediaSource {
  static isTypeSupported = (mime: string) => mime === 'video/mp4; codecs="avc1.42E01E"';
  readyState = 'closed';
  addEventListener() {}
}

const token = 'c0ffee'.padEnd(64, '0');
let video: HTMLVideoElement;
let failures: FailureReason[];
beforeEach(() => {
  TestSocket.opened = [];
  vi.stubGlobal('WebSocket', TestSocket);
  vi.stubGlobal('MediaSource', TestMediaSource);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:live-1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  tokenStore.set(token);
  video = document.createElement('video');
  failures = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  tokenStore.clear();
});

const socket = () => TestSocket.opened[0] as TestSocket;

describe('a live view', () => {
  it('plays where Media Source Extensions take H.264', () => {
    expect(canPlayLive()).toBe(true);
    vi.unstubAllGlobals();
    expect(canPlayLive()).toBe(false);
  });

  it("opens the camera's socket on the page's host with the session as a sub-protocol", () => {
    playLive(video, '/live/cameras/7/sub/socket', (reason) => failures.push(reason));
    expect(socket().url).toBe(`ws://${location.host}/cfop/live/cameras/7/sub/socket`);
    expect(socket().url).not.toContain(token);
    expect(socket().protocols).toEqual(['cfop-live', `cfop-session.${token}`]);
    expect(socket().binaryType).toBe('arraybuffer');
    expect(video.getAttribute('src')).toBe('blob:live-1');
  });

  it("reports the server's refusal once and closes the socket", () => {
    playLive(video, '/live/cameras/7/sub/socket', (reason) => failures.push(reason));
    socket().onmessage?.({
      data: JSON.stringify({ success: false, code: '504', msg: '摄像头无画面', data: null }),
    });
    expect(socket().closed).toBe(true);
    socket().onclose?.();
    expect(failures).toEqual(['摄像头无画面']);
  });

  it('reports a socket closed without a word as a broken stream', () => {
    playLive(video, '/live/cameras/7/main/socket', (reason) => failures.push(reason));
    socket().onclose?.();
    expect(failures).toEqual([videoTexts.streamBroken]);
  });

  it('when stopped, closes the socket, lets the media go and reports nothing', () => {
    const stop = playLive(video, '/live/cameras/7/sub/socket', (reason) => failures.push(reason));
    const { onclose } = socket();
    stop();
    onclose?.();
    expect(socket().closed).toBe(true);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:live-1');
    expect(video.hasAttribute('src')).toBe(false);
    expect(failures).toEqual([]);
  });
});

describe('a wall opened from its address', () => {
  const page = (pathname: string, search: string) => ({
    pathname,
    search,
    protocol: 'http:',
    host: location.host,
  });

  it("opens its panes' sockets before the console renders, and each player takes its own with what came", () => {
    openWallSocketsEarly(page('/monitor/video', '?layout=4&cams=7,,9,7'));
    expect(TestSocket.opened.map((one) => one.url)).toEqual([
      `ws://${location.host}/cfop/live/cameras/7/sub/socket`,
      `ws://${location.host}/cfop/live/cameras/9/sub/socket`,
    ]);
    expect(socket().protocols).toEqual(['cfop-live', `cfop-session.${token}`]);
    socket().onmessage?.({
      data: JSON.stringify({ success: false, code: '504', msg: '摄像头无画面', data: null }),
    });

    playLive(video, '/live/cameras/7/sub/socket', (reason) => failures.push(reason));
    expect(TestSocket.opened).toHaveLength(2);
    // What the socket said before the player took it reaches the player.
    expect(socket().closed).toBe(true);
    socket().onclose?.();
    expect(failures).toEqual(['摄像头无画面']);
    // Taken once: another player of the camera opens its own.
    playLive(video, '/live/cameras/7/sub/socket', () => undefined);
    expect(TestSocket.opened).toHaveLength(3);
  });

  it('opens nothing for another screen, a tour or a visitor not signed in', () => {
    openWallSocketsEarly(page('/monitor/ai', '?layout=4&cams=7'));
    openWallSocketsEarly(page('/monitor/video', '?tour=3&layout=4&cams=7'));
    tokenStore.clear();
    openWallSocketsEarly(page('/monitor/video', '?layout=4&cams=7'));
    expect(TestSocket.opened).toEqual([]);
  });

  it('closes a socket no pane took', () => {
    vi.useFakeTimers();
    try {
      openWallSocketsEarly(page('/monitor/video', '?layout=1&cams=12'));
      expect(socket().url).toContain('/cameras/12/main/socket');
      vi.advanceTimersByTime(10_000);
      expect(socket().closed).toBe(true);
      playLive(video, '/live/cameras/12/main/socket', () => undefined);
      expect(TestSocket.opened).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
