import { apiUrl, tokenStore } from '../../../api';
import { takeEarlySocket } from './early-sockets';
import { feedLive } from './live-feed';
import { liveProtocols, liveSocketUrl } from './live-socket';
import type { FailureReason } from './stall-watch';
import { videoTexts } from './video-texts';

/**
 * Whether this browser plays live views: Media Source Extensions that take H.264. Retrying cannot
 * help a browser without them.
 */
export const canPlayLive = (): boolean =>
  typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E"');

/**
 * Plays a camera stream's live view in `video` from its socket (`path`, e.g.
 * `/live/cameras/7/sub/socket`); answers the function that stops it. Opening the socket starts
 * the server's relay, which sends the MIME, the init segment, then a fragment per frame from the
 * current key frame on (live-feed.ts appends them). A refusal (camera unreachable, too many live
 * views) or a closed socket is not retried here and comes back once through `onFailure`, with the
 * server's message when it sent one; each frame received is told to `onFrame`, with its duration; a refused upgrade (no session, no right) shows only as a
 * closed socket. Whether frames show is the caller's to watch (stall-watch.ts), which retries with
 * back-off, since a live view that went silent raises no error.
 */
export function playLive(
  video: HTMLVideoElement,
  path: string,
  onFailure: (reason: FailureReason) => void,
  onFrame?: (intervalMs: number) => void,
): () => void {
  const mediaSource = new MediaSource();
  const objectUrl = URL.createObjectURL(mediaSource);
  video.src = objectUrl;
  let socket: WebSocket | null = null;
  const closeSocket = () => {
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    socket.close();
    socket = null;
  };
  // Left attached on failure: the last frame stays on screen until the caller starts afresh.
  const feed = feedLive(
    video,
    mediaSource,
    (reason) => {
      closeSocket();
      onFailure(reason);
    },
    onFrame,
  );
  const stop = () => {
    feed.stop();
    closeSocket();
    URL.revokeObjectURL(objectUrl);
    video.removeAttribute('src');
    video.load();
  };
  const url = liveSocketUrl(apiUrl(path), location);
  const early = takeEarlySocket(url);
  try {
    socket = early?.socket ?? new WebSocket(url, liveProtocols(tokenStore.get()));
  } catch {
    // A malformed stored token is not a valid sub-protocol: the same as no session.
    feed.fail(videoTexts.streamBroken);
    return stop;
  }
  socket.binaryType = 'arraybuffer';
  socket.onmessage = (event: MessageEvent<unknown>) => feed.receive(event.data);
  // An error is always followed by a close, which says no more (a refused upgrade is code 1006).
  socket.onclose = () => feed.fail(videoTexts.streamBroken);
  // Before any newer message can come: what an early socket received first, until a refusal ends it.
  for (const data of early?.received ?? []) if (socket) feed.receive(data);
  return stop;
}
