import { chaseLiveEdge, keepBehindS, quotaKeepBehindS, staleUntil, trimBatchS } from './live-latency';
import { readLiveMessage } from './live-socket';
import type { FailureReason } from './stall-watch';
import { codecUnsupportedText, videoTexts } from './video-texts';

/** What the feed uses of time ranges (the browser's TimeRanges, or a test's). */
export interface FeedRanges {
  readonly length: number;
  start(index: number): number;
  end(index: number): number;
}

/** What the feed uses of a SourceBuffer. */
export interface FeedBuffer {
  mode: AppendMode;
  readonly updating: boolean;
  readonly buffered: FeedRanges;
  appendBuffer(data: ArrayBuffer): void;
  remove(start: number, end: number): void;
  abort(): void;
  addEventListener(type: 'updateend' | 'error', listener: () => void): void;
}

/** What the feed uses of a MediaSource, already attached to the video. */
export interface FeedMediaSource {
  readonly readyState: ReadyState;
  addSourceBuffer(mime: string): FeedBuffer;
  endOfStream(): void;
  addEventListener(type: 'sourceopen', listener: () => void): void;
}

/** What the feed uses of the `<video>`. */
export interface FeedVideo {
  currentTime: number;
  playbackRate: number;
  muted: boolean;
  readonly error: { readonly message: string } | null;
  play(): Promise<void>;
  addEventListener(type: 'error', listener: () => void): void;
  removeEventListener(type: 'error', listener: () => void): void;
}

export interface LiveFeed {
  /** A message of the live socket, in the order received. */
  receive(data: unknown): void;
  /** The view ended (the socket closed): reported once, unless stopped or already failed. */
  fail(reason: FailureReason): void;
  /** Stops feeding without a report, and ends the media source. */
  stop(): void;
}

/**
 * Feeds a camera's live socket into `mediaSource`: its MIME makes the SourceBuffer, then the init
 * segment and each fragment are appended in order, one at a time. Each append keeps the play
 * position near the newest frame (live-latency.ts); an idle buffer drops what lies far behind.
 * The first failure (the server's envelope, a refused append, the video's decode error) is
 * reported once through `onFailure` and everything stops; the picture stays on its last frame for
 * the caller to keep or clear. Nothing is retried here: the caller starts afresh (stall-watch.ts).
 */
export function feedLive(
  video: FeedVideo,
  mediaSource: FeedMediaSource,
  onFailure: (reason: FailureReason) => void,
  onFrame: (intervalMs: number) => void = () => undefined,
): LiveFeed {
  const queue: ArrayBuffer[] = [];
  let mime: string | null = null;
  let buffer: FeedBuffer | null = null;
  let removing = false;
  /** The append at the head of the queue was refused for lack of room once, and is retried after a trim. */
  let quotaRetried = false;
  let playing = false;
  let done = false;
  /** Where the buffered video ended after the last append: each fragment, one frame, moves it on. */
  let bufferedEnd: number | null = null;

  const finish = () => {
    done = true;
    queue.length = 0;
    video.removeEventListener('error', decodeFailed);
    video.playbackRate = 1;
  };

  const fail = (reason: FailureReason) => {
    if (done) return;
    finish();
    onFailure(reason);
  };

  function decodeFailed() {
    fail(video.error?.message || videoTexts.streamBroken);
  }

  const open = () => {
    if (done || buffer || mime === null || mediaSource.readyState !== 'open') return;
    try {
      buffer = mediaSource.addSourceBuffer(mime);
    } catch (error) {
      const unsupported = error instanceof DOMException && error.name === 'NotSupportedError';
      fail(unsupported ? codecUnsupportedText(mime) : videoTexts.streamBroken);
      return;
    }
    buffer.mode = 'segments';
    buffer.addEventListener('updateend', updated);
    buffer.addEventListener('error', () => fail(videoTexts.streamBroken));
    pump();
  };

  const pump = () => {
    if (done || !buffer || buffer.updating) return;
    const next = queue.shift();
    if (next === undefined) return;
    try {
      buffer.appendBuffer(next);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'QuotaExceededError') || quotaRetried) {
        fail(videoTexts.streamBroken);
        return;
      }
      quotaRetried = true;
      queue.unshift(next);
      if (!removeStale(buffer, quotaKeepBehindS, 0)) fail(videoTexts.streamBroken);
    }
  };

  /** Starts removing what lies more than `keep` s behind the play position, if over `batch` s of it. */
  const removeStale = (target: FeedBuffer, keep: number, batch: number): boolean => {
    const ranges = target.buffered;
    const until = ranges.length > 0 ? staleUntil(video.currentTime, ranges.start(0), keep, batch) : null;
    if (until === null) return false;
    removing = true;
    target.remove(ranges.start(0), until);
    return true;
  };

  function updated() {
    if (done || !buffer) return;
    const removed = removing;
    removing = false;
    if (!removed) quotaRetried = false;
    const ranges = buffer.buffered;
    if (ranges.length > 0) {
      const newest = ranges.length - 1;
      const end = ranges.end(newest);
      // The frame's duration, from the stream's timestamps: the interval the next one is due in.
      if (!removed && bufferedEnd !== null && end > bufferedEnd) onFrame((end - bufferedEnd) * 1000);
      bufferedEnd = end;
      const chase = chaseLiveEdge(
        video.currentTime,
        video.playbackRate,
        ranges.start(newest),
        ranges.end(newest),
      );
      // The first fragment's decode time is the camera's, not 0: the first jump lands on it.
      if (chase.seekTo !== null) video.currentTime = chase.seekTo;
      if (chase.rate !== video.playbackRate) video.playbackRate = chase.rate;
      if (!playing) {
        playing = true;
        // Muted, so browsers allow playing without a click; a refusal shows as no frames.
        video.muted = true;
        video.play().catch(() => undefined);
      }
    }
    // Trimmed after an append only: a removal that left the start where it was must not repeat.
    if (queue.length > 0) pump();
    else if (!removed) removeStale(buffer, keepBehindS, trimBatchS);
  }

  video.addEventListener('error', decodeFailed);
  mediaSource.addEventListener('sourceopen', open);

  return {
    receive: (data) => {
      if (done) return;
      const message = readLiveMessage(data);
      if (message.kind === 'refused') fail(message.reason ?? videoTexts.streamBroken);
      else if (message.kind === 'bytes') {
        queue.push(message.bytes);
        pump();
      } else if (message.kind === 'media' && mime === null) {
        mime = message.mime;
        open();
      }
    },
    fail,
    stop: () => {
      if (done) return;
      finish();
      if (mediaSource.readyState !== 'open') return;
      if (buffer?.updating) buffer.abort();
      mediaSource.endOfStream();
    },
  };
}
