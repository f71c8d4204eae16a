import Hls from 'hls.js/light';
import { BusinessError, apiUrl, fetchFileBlob, openWithApiHeaders } from '../../../api';
import type { LocalText } from '../../../generated/settings';
import { videoTexts } from './video-texts';

export interface LiveCallbacks {
  /** Frames are showing. */
  onPlaying(): void;
  /** It stopped or never started: the server's reason, or the player's. */
  onFailure(reason: string | LocalText): void;
}

/**
 * Plays a camera stream's live view in `video`; answers the function that stops it (and lets the
 * server stop its ffmpeg once nobody fetches). The playlist is asked for once through `src/api`
 * first: it starts the server's ffmpeg, and a refusal (camera unreachable, too many live views)
 * comes back as the server's message rather than as an hls.js network error.
 */
export function playLive(video: HTMLVideoElement, path: string, callbacks: LiveCallbacks): () => void {
  const stopped = new AbortController();
  let hls: Hls | null = null;
  const playing = () => callbacks.onPlaying();
  // The element itself refusing the media (a codec it cannot decode) is not always fatal to hls.js.
  const refused = () => callbacks.onFailure(video.error?.message || videoTexts.streamBroken);
  video.addEventListener('playing', playing);
  video.addEventListener('error', refused);
  // The pane says itself why it is offline: no toast for each pane of a wall.
  fetchFileBlob(path, { skipErrorHandler: true, signal: stopped.signal })
    .then(() => {
      if (stopped.signal.aborted) return;
      if (!Hls.isSupported()) return callbacks.onFailure(videoTexts.unsupported);
      const player = new Hls({
        xhrSetup: openWithApiHeaders,
        // Live monitoring: stay near the live edge and keep little behind it.
        liveSyncDurationCount: 2,
        maxBufferLength: 6,
        backBufferLength: 0,
      });
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        player.destroy();
        callbacks.onFailure(videoTexts.streamBroken);
      });
      player.loadSource(apiUrl(path));
      player.attachMedia(video);
      hls = player;
      // Muted, so browsers allow playing without a click.
      video.play().catch(() => undefined);
    })
    .catch((error: unknown) => {
      if (stopped.signal.aborted) return;
      callbacks.onFailure(
        error instanceof BusinessError ? error.msg : error instanceof Error ? error.message : String(error),
      );
    });
  return () => {
    stopped.abort();
    video.removeEventListener('playing', playing);
    video.removeEventListener('error', refused);
    hls?.destroy();
    video.removeAttribute('src');
    video.load();
  };
}
