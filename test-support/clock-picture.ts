/**
 * A test camera's picture that carries the time it was made, for glass-to-glass measurements: the
 * wall-clock milliseconds modulo 2^24 (4.6 hours) as a row of black and white blocks in the top
 * left corner, which a page reads from a `<video>` through a canvas without any OCR, and the same
 * time burnt in as text (HH:MM:SS.mmm) for screenshots and people.
 */

/** Bits of the time in the picture; the wrap (2^24 ms) is far beyond any delay measured. */
export const clockBits = 24;
/** Each bit is a square block of this many pixels, least significant bit on the left. */
export const clockBlockPx = 16;
const clockModulo = 2 ** clockBits;

/**
 * ffmpeg's filter graph stamping each frame with the wall-clock time it passes through (before it
 * is encoded, as a camera stamps its picture), and `label` at the bottom. The frames' timestamps
 * are made wall-clock time (ms) for the stamping and given back their frame count after.
 */
export function clockFilter(label: string, frameRate: number): string {
  const width = clockBits * clockBlockPx;
  const bit = `mod(floor(mod(floor(T*1000+0.5),${clockModulo})/pow(2,floor(X/${clockBlockPx}))),2)`;
  // Inside a filter graph option, ':' is escaped once for the option and once more for the graph.
  const time = `%{pts\\:localtime\\:0\\:%H\\\\\\:%M\\\\\\:%S}.%{eif\\:mod(t*1000\\,1000)\\:d\\:3}`;
  const text = (value: string, position: string) =>
    `drawtext=font=monospace:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.6:${position}:text='${value}'`;
  return [
    'settb=1/1000,setpts=RTCTIME/1000,split[picture][corner]',
    `[corner]crop=${width}:${clockBlockPx}:0:0,geq=lum='255*${bit}':cb=128:cr=128[bits]`,
    `[picture][bits]overlay=0:0,${text(time, 'x=8:y=24')},${text(label, 'x=8:y=h-40')},setpts=N/${frameRate}/TB`,
  ].join(';');
}

/** Now, as the picture carries it. */
export const clockNow = (): number => Date.now() % clockModulo;

/** How long ago (ms) a picture stamped `stamped` was made, modulo the clock's wrap. */
export function clockDelay(stamped: number, now = clockNow()): number {
  return (((now - stamped) % clockModulo) + clockModulo) % clockModulo;
}
