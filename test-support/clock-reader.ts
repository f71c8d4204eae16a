// Browser code for the browser tests and benchmarks (tsconfig.node-dom.json), beside the picture
// it reads: the node programs that make the picture have no DOM.

/**
 * Runs in the page: the time (ms modulo 2^24, clock-picture.ts) the frame `video` shows now was
 * made, read from its blocks at the video's own size (whatever the pane's), or null when it has no
 * frame yet. Self-contained, so that it can be handed to the browser as it is.
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
