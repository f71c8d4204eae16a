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

/**
 * Runs in the page: the time (ms modulo 2^24, test-support/clock-picture.ts) the frame `video` shows now was made, read from its
 * blocks at the video's own size (whatever the pane's), or null when it has no frame yet.
 * Self-contained, so that it can be handed to the browser as it is.
 */
export function readClockInPage(
  video: HTMLVideoElement,
  { bits, blockPx }: { bits: number; blockPx: number },
): number | null {
  if (video.readyState < 2 || video.videoWidth < bits * blockPx) return null;
  const canvas = document.createElement('canvas');
  canvas.width = bits * blockPx;
  canvas.height = blockPx;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, blockPx, 0, 0, canvas.width, blockPx);
  const pixels = context.getImageData(0, 0, canvas.width, blockPx).data;
  let value = 0;
  for (let bit = 0; bit < bits; bit += 1) {
    const at = ((blockPx >> 1) * canvas.width + bit * blockPx + (blockPx >> 1)) * 4;
    if ((pixels[at] ?? 0) > 127) value += 2 ** bit;
  }
  return value;
}
