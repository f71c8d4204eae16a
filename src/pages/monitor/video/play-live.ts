import Hls from 'hls.js/light';
import { BusinessError, apiUrl, fetchFileBlob, openWithApiHeaders } from '../../../api';
import type { LocalText } from '../../../generated/settings';
import { videoTexts } from './video-texts';

/**
 * Whether this browser plays live views: hls.js needs Media Source Extensions, and the native HLS
 * player of a browser without them could not send the session headers. Retrying cannot help.
 */
export const canPlayLive = (): boolean => Hls.isSupported();

/**
 * Plays a camera stream's live view in `video`; answers the function that stops it (and lets the
 * server stop its ffmpeg once nobody fetches). The playlist is asked for once through `src/api`
 * first: it starts the server's ffmpeg, and a refusal (camera unreachable, too many live views)
 * comes back as the server's message rather than as an hls.js network error. `onFailure` says it
 * stopped or never started (the server's reason, or the player's); whether frames show is the
 * caller's to watch (stall-watch.ts), since a live view that went silent raises no error.
 */
export function playLive(
  video: HTMLVideoElement,
  path: string,
  onFailure: (reason: string | LocalText) => void,
): () => void {
  const stopped = new AbortController();
  let hls: Hls | null = null;
  // The element itself refusing the media (a codec it cannot decode) is not always fatal to hls.js.
  const refused = () => onFailure(video.error?.message || videoTexts.streamBroken);
  video.addEventListener('error', refused);
  // The pane says itself why it is offline: no toast for each pane of a wall.
  fetchFileBlob(path, { skipErrorHandler: true, signal: stopped.signal })
    .then(() => {
      if (stopped.signal.aborted) return;
      const player = new Hls({
        xhrSetup: openWithApiHeaders,
        // Live monitoring: stay near the live edge and keep little behind it.
        liveSyncDurationCount: 2,
        maxBufferLength: 6,
        backBufferLength: 0,
      });
      // Left attached: the last frame stays on screen until the caller starts a fresh player.
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) onFailure(videoTexts.streamBroken);
      });
      player.loadSource(apiUrl(path));
      player.attachMedia(video);
      hls = player;
      // Muted, so browsers allow playing without a click.
      video.play().catch(() => undefined);
    })
    .catch((error: unknown) => {
      if (stopped.signal.aborted) return;
      onFailure(
        error instanceof BusinessError ? error.msg : error instanceof Error ? error.message : String(error),
      );
    });
  return () => {
    stopped.abort();
    video.removeEventListener('error', refused);
    hls?.destroy();
    video.removeAttribute('src');
    video.load();
  };
}
