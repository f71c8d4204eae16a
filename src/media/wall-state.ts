// The video wall's state as its URL carries it: here, below the pages, because a live link
// (live-link.ts) opens the wall on one camera from an alert card.

import type { components } from '../generated/openapi';

/** The video wall's layouts: panes in a square grid. */
export const layouts = [1, 4, 9, 16] as const;
export type Layout = (typeof layouts)[number];
/** A camera's two streams, as openapi.yaml names them. */
export type StreamName = components['parameters']['LiveStreamName'];

/**
 * What the wall shows, kept in the URL query so that a wall can be shared as a link:
 * `layout=4&cams=12,,7` (a camera id per pane, empty for none) and, in the single-pane
 * layout, `stream=sub` (the main stream is the default there; a wall of panes plays sub streams).
 */
export interface WallState {
  readonly layout: Layout;
  /** A camera id per pane, null for an empty pane; may run past the layout (kept for switching back). */
  readonly cameras: readonly (number | null)[];
  /** The single pane's stream. */
  readonly singleStream: StreamName;
}

const largest = layouts[layouts.length - 1] as Layout;

export function readWall(search: string): WallState {
  const query = new URLSearchParams(search);
  const layoutNumber = Number(query.get('layout'));
  const layout = layouts.find((candidate) => candidate === layoutNumber) ?? 4;
  const cameras = (query.get('cams') ?? '')
    .split(',')
    .slice(0, largest)
    .map((text) => (/^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null));
  return { layout, cameras: trimmed(cameras), singleStream: query.get('stream') === 'sub' ? 'sub' : 'main' };
}

/** The query of `wall`, keeping the other parameters of `search`. */
export function wallSearch(wall: WallState, search: string): URLSearchParams {
  const query = new URLSearchParams(search);
  query.set('layout', String(wall.layout));
  const cameras = trimmed(wall.cameras);
  if (cameras.length > 0) query.set('cams', cameras.map((id) => id ?? '').join(','));
  else query.delete('cams');
  if (wall.singleStream === 'sub') query.set('stream', 'sub');
  else query.delete('stream');
  return query;
}

/**
 * The fewest panes of a wall that play sub streams. A pane of a 4-pane wall beside the tree on a
 * 1920×1080 screen is about 800×450 CSS px: a camera's sub stream (commonly 640×360 to 704×576)
 * fills it nearly as sharply, while its main stream (1080p to 4K) costs the browser four to twenty
 * times the decoding per pane; 16 main streams drew under 3 frames a second per pane in Chromium.
 * A pane made full screen plays the main stream again (shownStream).
 */
export const subStreamFromPanes = 4;

/** The stream a pane plays: a full picture alone, the lighter sub stream in a wall of panes. */
export function paneStream(wall: WallState): StreamName {
  return wall.layout >= subStreamFromPanes ? 'sub' : wall.singleStream;
}

/**
 * The stream a pane plays now. Full screen in a wall of panes, a camera's main stream when it has a
 * lighter sub stream of its own (without one, its sub stream already is its main one). In the
 * single-pane layout the operator's own choice holds: the stream switch shows it.
 */
export function shownStream(pane: {
  readonly stream: StreamName;
  readonly single: boolean;
  readonly fullScreen: boolean;
  readonly hasSubStream: boolean;
}): StreamName {
  return pane.fullScreen && !pane.single && pane.hasSubStream ? 'main' : pane.stream;
}

/** The wall with `cameraId` in pane `pane` (null empties it). */
export function withCamera(wall: WallState, pane: number, cameraId: number | null): WallState {
  const cameras = [...wall.cameras];
  while (cameras.length <= pane) cameras.push(null);
  cameras[pane] = cameraId;
  return { ...wall, cameras: trimmed(cameras) };
}

/**
 * The pane to select after filling `pane`: the next empty one of the layout after it (wrapping
 * round), or, when every pane shows a camera, simply the next one.
 */
export function nextPane(wall: WallState, pane: number): number {
  for (let step = 1; step <= wall.layout; step += 1) {
    const candidate = (pane + step) % wall.layout;
    if ((wall.cameras[candidate] ?? null) === null) return candidate;
  }
  return (pane + 1) % wall.layout;
}

function trimmed(cameras: readonly (number | null)[]): (number | null)[] {
  const copy = [...cameras];
  while (copy.length > 0 && copy[copy.length - 1] === null) copy.pop();
  return copy;
}
