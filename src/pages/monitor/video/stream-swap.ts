import type { StreamName } from '../../../media/wall-state';

/** One player of a pane: the stream it plays, and an id that names this very player. */
export interface StreamLayer {
  readonly id: number;
  readonly stream: StreamName;
}

/**
 * A pane's players: the one on screen, and the one starting the stream the pane now wants, hidden
 * beneath it until its first frame shows. Switching stream thus never shows a black frame or a
 * spinner: the picture on screen stays until the next one is there to take its place.
 */
export interface StreamSwap {
  readonly front: StreamLayer;
  readonly standby: StreamLayer | null;
}

export function startSwap(stream: StreamName): StreamSwap {
  return { front: { id: 1, stream }, standby: null };
}

/**
 * The pane wants `stream`: a standby player starts it; asked for the stream already on screen, the
 * standby (if any) is dropped. Answers `swap` itself when nothing changes, so React renders nothing.
 */
export function askStream(swap: StreamSwap, stream: StreamName): StreamSwap {
  if (stream === swap.front.stream) return swap.standby === null ? swap : { ...swap, standby: null };
  if (swap.standby?.stream === stream) return swap;
  const id = Math.max(swap.front.id, swap.standby?.id ?? 0) + 1;
  return { ...swap, standby: { id, stream } };
}

/**
 * Player `id` drew its first frame: the standby comes to the front (the one it replaces is then
 * stopped); anything else changes nothing.
 */
export function firstFrameOf(swap: StreamSwap, id: number): StreamSwap {
  return swap.standby?.id === id ? { front: swap.standby, standby: null } : swap;
}

/** The players to render, the standby first so that the front one lies over it. */
export function layersOf(swap: StreamSwap): StreamLayer[] {
  return swap.standby ? [swap.standby, swap.front] : [swap.front];
}
