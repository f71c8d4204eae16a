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

/** How a clocked picture is made. */
export interface ClockPictureOptions {
  /** Each bit's block (px): 24 blocks of the default 16 px need a picture 384 px wide. */
  readonly blockPx?: number;
  /**
   * The time (ms) of the first frame, each later one carrying it plus its own timestamp: a camera
   * made faster than real time. By default each frame carries the wall-clock time it passes through.
   */
  readonly startMs?: number;
}

/**
 * ffmpeg's filter graph stamping each frame with its time (before it is encoded, as a camera stamps
 * its picture), and `label` at the bottom. The frames' timestamps are made that time (ms) for the
 * stamping and given back their frame count after. Each bit is a box drawn when it is set: a few
 * expressions a frame, where computing the blocks pixel by pixel cost more than encoding them.
 */
export function clockFilter(label: string, frameRate: number, options: ClockPictureOptions = {}): string {
  const blockPx = options.blockPx ?? clockBlockPx;
  const stamp = options.startMs === undefined ? 'RTCTIME/1000' : `${options.startMs}+PTS`;
  const bit = (n: number) => `mod(floor(mod(floor(t*1000+0.5),${clockModulo})/${2 ** n}),2)`;
  const box = (x: number, width: number, color: string) =>
    `drawbox=x=${x}:y=0:w=${width}:h=${blockPx}:color=${color}:t=fill`;
  const bits = Array.from(
    { length: clockBits },
    (_, n) => `${box(n * blockPx, blockPx, 'white')}:enable='${bit(n)}'`,
  );
  // Inside a filter graph option, ':' is escaped once for the option and once more for the graph.
  const time = `%{pts\\:localtime\\:0\\:%H\\\\\\:%M\\\\\\:%S}.%{eif\\:mod(t*1000\\,1000)\\:d\\:3}`;
  const text = (value: string, position: string) =>
    `drawtext=font=monospace:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.6:${position}:text='${value}'`;
  return [
    'settb=1/1000',
    `setpts=${stamp}`,
    box(0, clockBits * blockPx, 'black'),
    ...bits,
    text(time, 'x=8:y=24'),
    text(label, 'x=8:y=h-40'),
    `setpts=N/${frameRate}/TB`,
  ].join(',');
}

/** Now, as the picture carries it. */
export const clockNow = (): number => Date.now() % clockModulo;

/** How long ago (ms) a picture stamped `stamped` was made, modulo the clock's wrap. */
export function clockDelay(stamped: number, now = clockNow()): number {
  return (((now - stamped) % clockModulo) + clockModulo) % clockModulo;
}

/** How far (ms, signed) a picture stamped `stamped` is from `time` (ms), across the clock's wrap. */
export function clockOffBy(stamped: number, time: number): number {
  const difference = (((stamped - time) % clockModulo) + clockModulo) % clockModulo;
  return difference > clockModulo / 2 ? difference - clockModulo : difference;
}

/**
 * The time a frame carries, read from its top rows as 8-bit grey (`width` bytes a row, at least
 * `blockPx` rows): the middle of each bit's block, light for a set bit.
 */
export function clockOfGrey(grey: Uint8Array, width: number, blockPx = clockBlockPx): number {
  const row = (blockPx >> 1) * width;
  let value = 0;
  for (let bit = 0; bit < clockBits; bit += 1) {
    if ((grey[row + bit * blockPx + (blockPx >> 1)] ?? 0) > 127) value += 2 ** bit;
  }
  return value;
}
