/**
 * How far behind the newest frame a live view plays. A monitoring wall wants the picture near
 * real time more than smooth: the camera, the relay and the network already take most of the
 * 2 s glass-to-glass budget, so the player keeps its own share to about a third of a second.
 */

/** Where a jump lands, behind the newest frame: a few frames (15-25 per second) absorb jitter. */
export const liveEdgeGapS = 0.3;
/** Further behind than this (a stall, a burst of cached frames, a hidden tab), it jumps. */
export const jumpBehindS = 1;
/** Further behind than this, it plays faster: unnoticeable at this rate, and no frame is skipped. */
export const fasterBehindS = 0.6;
/** Back at normal speed once this close: below the faster threshold, so the rate does not flap. */
export const normalBehindS = 0.4;
export const catchUpRate = 1.2;

/** The seconds kept behind the play position: enough for a snapshot's frame, small in memory. */
export const keepBehindS = 10;
/** Removed in batches of this much, so a removal waits between appends every few seconds only. */
export const trimBatchS = 5;
/** When the browser's buffer is full, all but this much behind the play position goes. */
export const quotaKeepBehindS = 1;

/** Where to play from and how fast, to stay near the newest frame. */
export interface Chase {
  /** The position to jump to, or null to keep playing where it is. */
  readonly seekTo: number | null;
  readonly rate: number;
}

/**
 * The chase of the newest buffered range [`start`, `end`] from `position` at `rate`. A position
 * outside that range (before the first frame, or stuck at a gap before it) jumps into it.
 */
export function chaseLiveEdge(position: number, rate: number, start: number, end: number): Chase {
  const behind = end - position;
  if (position < start || behind > jumpBehindS)
    return { seekTo: Math.max(start, end - liveEdgeGapS), rate: 1 };
  if (behind > fasterBehindS) return { seekTo: null, rate: catchUpRate };
  if (behind <= normalBehindS) return { seekTo: null, rate: 1 };
  return { seekTo: null, rate };
}

/**
 * Up to where the buffer from `bufferedStart` may be removed, keeping `keep` seconds behind
 * `position`, or null when less than `batch` seconds beyond that would go.
 */
export function staleUntil(
  position: number,
  bufferedStart: number,
  keep: number,
  batch: number,
): number | null {
  const until = position - keep;
  return until - bufferedStart > batch ? until : null;
}
