import Hls, { type ErrorData } from 'hls.js/light';
import { apiUrl, openWithApiHeaders } from '../api';
import type { LocalText } from '../generated/settings';
import { positionAtTime, timeAtPosition, type PlayedFragment } from './timeline';
import { mediaTexts } from './media-texts';

/** Whether this browser plays recordings: hls.js needs Media Source Extensions. */
export const canPlayRecording = (): boolean => Hls.isSupported();

/** A recording playing in a video element, addressed by the time of day. */
export interface RecordingPlayback {
  /** The time of day (ms) the picture shows now, from the segments' EXT-X-PROGRAM-DATE-TIME. */
  timeNow(): number | null;
  /** Plays from `time`, or from the next recorded moment after a gap; false when nothing is recorded after it. */
  seek(time: number): boolean;
  stop(): void;
}

/** A segment the server said is gone (404), and the time of day just after it. */
interface GoneSegment {
  readonly reason: LocalText | string;
  readonly resumeAt: number;
}

/**
 * The segment of a fragment load the server answered 404 to (removed by the sweep, its file gone),
 * with the envelope's message (in the caller's language: it says why); null for any other error.
 */
function goneSegment(data: ErrorData): GoneSegment | null {
  const frag = data.frag;
  if (data.details !== Hls.ErrorDetails.FRAG_LOAD_ERROR || data.response?.code !== 404) return null;
  if (!frag || frag.programDateTime === null) return null;
  const resumeAt = frag.programDateTime + frag.duration * 1000;
  const xhr = data.networkDetails;
  try {
    const body: unknown = xhr instanceof XMLHttpRequest ? xhr.response : null;
    const text = body instanceof ArrayBuffer ? new TextDecoder().decode(body) : String(body);
    const msg = (JSON.parse(text) as { msg?: unknown }).msg;
    return { reason: typeof msg === 'string' && msg !== '' ? msg : mediaTexts.segmentRemoved, resumeAt };
  } catch {
    return { reason: mediaTexts.segmentRemoved, resumeAt };
  }
}

/**
 * Plays a VOD playlist of recorded segments (a day's recording, an alert's clip) with hls.js, which
 * sends the session headers on every request (no token in a URL). Once the playlist is read,
 * `startAt` (a time of day) is sought and `onReady` called; `onFailure` says why it cannot play. A
 * segment the server no longer has (removed while the playlist was read) does not freeze the
 * picture: `onSegmentGone` says why, and the playlist is read again and played from just after it.
 */
export function playRecording(
  video: HTMLVideoElement,
  path: string,
  options: {
    readonly startAt?: number | null;
    readonly onReady?: () => void;
    readonly onFailure: (reason: LocalText | string) => void;
    readonly onSegmentGone?: (reason: LocalText | string) => void;
  },
): RecordingPlayback {
  // hls.js's own fragments, read when asked: it moves each one's start to where its frames really
  // begin once it has parsed them, and a copy taken with the playlist would be off by that much.
  let fragments: readonly PlayedFragment[] = [];
  const refused = () => options.onFailure(video.error?.message || mediaTexts.streamBroken);
  video.addEventListener('error', refused);
  const seek = (time: number) => {
    const position = positionAtTime(fragments, time);
    if (position === null) return false;
    video.currentTime = position;
    return true;
  };
  let stopped = false;
  let current: Hls | null = null;

  const start = (startAt: number | null, ready: (() => void) | undefined): Hls => {
    fragments = [];
    const hls = new Hls({ xhrSetup: openWithApiHeaders, maxBufferLength: 20, backBufferLength: 30 });
    let restarting = false;
    hls.on(Hls.Events.LEVEL_LOADED, (_event, data) => {
      const first = fragments.length === 0;
      fragments = data.details.fragments;
      if (!first) return;
      // Nothing recorded after it: the player stands at the recording's end.
      if (startAt !== null && !seek(startAt)) video.currentTime = data.details.totalduration;
      ready?.();
    });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (restarting || stopped) return;
      const gone = goneSegment(data);
      if (gone) {
        restarting = true;
        options.onSegmentGone?.(gone.reason);
        // Not from within hls.js's own event: the player is replaced once it has finished with it.
        setTimeout(() => {
          if (stopped) return;
          hls.destroy();
          current = start(gone.resumeAt, undefined);
        });
        return;
      }
      if (data.fatal) options.onFailure(mediaTexts.streamBroken);
    });
    hls.loadSource(apiUrl(path));
    hls.attachMedia(video);
    // Muted, so browsers allow playing without a click.
    video.play().catch(() => undefined);
    return hls;
  };

  current = start(options.startAt ?? null, options.onReady);
  return {
    timeNow: () => timeAtPosition(fragments, video.currentTime),
    seek,
    stop() {
      stopped = true;
      video.removeEventListener('error', refused);
      current?.destroy();
      video.removeAttribute('src');
      video.load();
    },
  };
}
