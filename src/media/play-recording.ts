import Hls from 'hls.js/light';
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

/**
 * Plays a VOD playlist of recorded segments (a day's recording, an alert's clip) with hls.js, which
 * sends the session headers on every request (no token in a URL). Once the playlist is read,
 * `startAt` (a time of day) is sought and `onReady` called; `onFailure` says why it cannot play.
 */
export function playRecording(
  video: HTMLVideoElement,
  path: string,
  options: {
    readonly startAt?: number | null;
    readonly onReady?: () => void;
    readonly onFailure: (reason: LocalText | string) => void;
  },
): RecordingPlayback {
  // hls.js's own fragments, read when asked: it moves each one's start to where its frames really
  // begin once it has parsed them, and a copy taken with the playlist would be off by that much.
  let fragments: readonly PlayedFragment[] = [];
  const refused = () => options.onFailure(video.error?.message || mediaTexts.streamBroken);
  video.addEventListener('error', refused);
  const hls = new Hls({ xhrSetup: openWithApiHeaders, maxBufferLength: 20, backBufferLength: 30 });
  const seek = (time: number) => {
    const position = positionAtTime(fragments, time);
    if (position === null) return false;
    video.currentTime = position;
    return true;
  };
  hls.on(Hls.Events.LEVEL_LOADED, (_event, data) => {
    const first = fragments.length === 0;
    fragments = data.details.fragments;
    if (!first) return;
    if (options.startAt !== undefined && options.startAt !== null) seek(options.startAt);
    options.onReady?.();
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) options.onFailure(mediaTexts.streamBroken);
  });
  hls.loadSource(apiUrl(path));
  hls.attachMedia(video);
  // Muted, so browsers allow playing without a click.
  video.play().catch(() => undefined);
  return {
    timeNow: () => timeAtPosition(fragments, video.currentTime),
    seek,
    stop() {
      video.removeEventListener('error', refused);
      hls.destroy();
      video.removeAttribute('src');
      video.load();
    },
  };
}
