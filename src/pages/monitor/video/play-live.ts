import Hls, { type ErrorData } from 'hls.js/light';
import { apiUrl, openWithApiHeaders } from '../../../api';
import type { LocalText } from '../../../generated/settings';
import { videoTexts } from './video-texts';

/**
 * Whether this browser plays live views: hls.js needs Media Source Extensions, and the native HLS
 * player of a browser without them could not send the session headers. Retrying cannot help.
 */
export const canPlayLive = (): boolean => Hls.isSupported();

/** The server may hold the first playlist while it opens the camera (its start time-out, 20 s). */
const firstPlaylistMs = 25_000;
const oneTry = {
  maxTimeToFirstByteMs: firstPlaylistMs,
  maxLoadTimeMs: firstPlaylistMs,
  timeoutRetry: null,
  errorRetry: null,
};

/**
 * Plays a camera stream's live view in `video`; answers the function that stops it (and lets the
 * server stop its ffmpeg once nobody fetches). The playlist is asked for once, by hls.js: the
 * request starts the server's relay and is answered once its first segment exists. A refusal
 * (camera unreachable, too many live views) is not retried here and comes back as the server's
 * message. `onFailure` says it stopped or never started (the server's reason, or the player's);
 * whether frames show is the caller's to watch (stall-watch.ts), which retries with back-off, since
 * a live view that went silent raises no error.
 */
export function playLive(
  video: HTMLVideoElement,
  path: string,
  onFailure: (reason: string | LocalText) => void,
): () => void {
  // The element itself refusing the media (a codec it cannot decode) is not always fatal to hls.js.
  const refused = () => onFailure(video.error?.message || videoTexts.streamBroken);
  video.addEventListener('error', refused);
  const player = new Hls({
    xhrSetup: openWithApiHeaders,
    manifestLoadPolicy: { default: oneTry },
    // Live monitoring: one and a half segments (key frame intervals) behind the newest, so the
    // next segment is there before the buffer runs dry; back there at once when a stall left it
    // four segments behind, catching up by playing a little faster in between.
    liveSyncDurationCount: 1.5,
    liveMaxLatencyDurationCount: 4,
    maxLiveSyncPlaybackRate: 1.5,
    maxBufferLength: 4,
    backBufferLength: 0,
  });
  // Left attached: the last frame stays on screen until the caller starts a fresh player.
  player.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFailure(serverMessage(data) ?? videoTexts.streamBroken);
  });
  player.loadSource(apiUrl(path));
  player.attachMedia(video);
  // Muted, so browsers allow playing without a click.
  video.play().catch(() => undefined);
  return () => {
    video.removeEventListener('error', refused);
    player.destroy();
    video.removeAttribute('src');
    video.load();
  };
}

/** The message of the server's answer to a failed request (its envelope's `msg`), if it sent one. */
function serverMessage(data: ErrorData): string | null {
  const request = data.networkDetails as unknown;
  if (
    !(request instanceof XMLHttpRequest) ||
    !['', 'text'].includes(request.responseType) ||
    request.status < 400
  )
    return null;
  try {
    const envelope: unknown = JSON.parse(request.responseText);
    const msg = (envelope as { msg?: unknown } | null)?.msg;
    return typeof msg === 'string' && msg !== '' ? msg : null;
  } catch {
    return null;
  }
}
