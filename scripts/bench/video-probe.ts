/**
 * The page side of `bench:video`, added to every page before its scripts: when each pane's
 * `<video>` showed its first frame (performance.now(), ms from the navigation start) and when the
 * last click was, so a single pane is timed from the click that placed its camera.
 */
export const videoProbe = `(() => {
  const probe = { firstFrames: {}, lastClick: null };
  window.__videoBench = probe;
  document.addEventListener('click', () => { probe.lastClick = performance.now(); }, true);
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
}
