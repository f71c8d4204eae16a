import { apiPath, apiUrl, tokenStore } from '../../../api';
import { isVideoWallPath } from '../../../media/live-link';
import { readTour } from '../../../media/tour';
import { paneStream, readWall } from '../../../media/wall-state';
import { consolePathOf } from '../../../session/route-lookup';
import { liveProtocols, liveSocketUrl } from './live-socket';

// A wall opened from its address (a link, a reload) opens its panes' live sockets as soon as this
// page's code runs, while the console still asks who is signed in and renders: a relay can start a
// viewer only at its camera's next key frame, so every moment it starts sooner shows on screen. Each
// pane's player takes its socket, with what came meanwhile, instead of opening another.

/** A socket no pane took by then is closed: the wall shown is another one (a default wall, a tour). */
const unclaimedMs = 10_000;

export interface EarlySocket {
  readonly socket: WebSocket;
  /** What came before a player took it, oldest first. */
  readonly received: unknown[];
}

const waiting = new Map<string, EarlySocket>();

/**
 * Opens the sockets of the wall `page` addresses, when it is the video wall's address, holds no
 * tour, and a user is signed in (else the server would refuse them).
 */
export function openWallSocketsEarly(
  page: Pick<Location, 'pathname' | 'search' | 'protocol' | 'host'>,
): void {
  const token = tokenStore.get();
  if (token === null || !isVideoWallPath(consolePathOf(page.pathname)) || readTour(page.search)) return;
  const wall = readWall(page.search);
  const stream = paneStream(wall);
  for (const id of new Set(wall.cameras.slice(0, wall.layout))) {
    if (id === null) continue;
    const url = liveSocketUrl(apiUrl(apiPath('/live/cameras/{id}/{stream}/socket', { id, stream })), page);
    let socket: WebSocket;
    try {
      socket = new WebSocket(url, liveProtocols(token));
    } catch {
      // A malformed stored token is not a valid sub-protocol: the player says so when it opens.
      return;
    }
    const early: EarlySocket = { socket, received: [] };
    early.socket.binaryType = 'arraybuffer';
    early.socket.onmessage = (event: MessageEvent<unknown>) => early.received.push(event.data);
    early.socket.onclose = () => waiting.delete(url);
    waiting.set(url, early);
    setTimeout(() => {
      if (waiting.get(url) !== early) return;
      waiting.delete(url);
      early.socket.close();
    }, unclaimedMs);
  }
}

/** The early socket of `url` for a player to take over, once; undefined when there is none. */
export function takeEarlySocket(url: string): EarlySocket | undefined {
  const early = waiting.get(url);
  if (!early) return undefined;
  waiting.delete(url);
  early.socket.onmessage = null;
  early.socket.onclose = null;
  return early;
}
