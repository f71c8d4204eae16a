/**
 * The page side of `bench:video`, added to every page before its scripts: when each pane's
 * `<video>` showed its first frame (performance.now(), ms from the navigation start), when the
 * last click was, so a single pane is timed from the click that placed its camera, when the
 * first video fragment came over any live socket since then (the server's share of the wait),
 * and each live socket's opening and first fragment (a wall's wait split between console, server
 * and player).
 */
export const videoProbe = `(() => {
  const probe = { firstFrames: {}, lastClick: null, firstFragment: null, sockets: [] };
  window.__videoBench = probe;
  document.addEventListener('click', () => { probe.lastClick = performance.now(); probe.firstFragment = null; }, true);
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      const mark = { url: String(args[0]), opened: performance.now(), firstFragment: null };
      probe.sockets.push(mark);
      // The init segment is the first binary message, a fragment the second.
      let binaries = 0;
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' || ++binaries !== 2) return;
        mark.firstFragment = performance.now();
        if (probe.firstFragment === null) probe.firstFragment = mark.firstFragment;
      });
    }
  };
  const watch = () => {
    for (const video of document.querySelectorAll('[data-pane] video')) {
      if (video.__benchWatched) continue;
      video.__benchWatched = true;
      const pane = video.closest('[data-pane]').getAttribute('data-pane');
      const seen = () => { if (probe.firstFrames[pane] === undefined) probe.firstFrames[pane] = performance.now(); };
      // Called when a frame is handed to the compositor: the first one is on screen.
      if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(seen);
      else video.addEventListener('loadeddata', seen, { once: true });
    }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
})();`;

export interface VideoMarks {
  /** Pane index → ms from the navigation start to its first frame. */
  readonly firstFrames: Record<string, number>;
  readonly lastClick: number | null;
  /** ms from the navigation start to the first video fragment over a live socket since the last click. */
  readonly firstFragment: number | null;
  /** Every live socket the page made, in order. */
  readonly sockets: readonly SocketMarks[];
}

export interface SocketMarks {
  /** The socket's address (`…/live/cameras/<id>/<stream>/socket`). */
  readonly url: string;
  /** ms from the navigation start to its creation. */
  readonly opened: number;
  /** ms from the navigation start to its first video fragment; null before one came. */
  readonly firstFragment: number | null;
}
