import { beforeEach, describe, expect, it } from 'vitest';
import {
  feedLive,
  type FeedBuffer,
  type FeedMediaSource,
  type FeedRanges,
  type FeedVideo,
  type LiveFeed,
} from './live-feed';
import { catchUpRate } from './live-latency';
import type { FailureReason } from './stall-watch';
import { codecUnsupportedText, videoTexts } from './video-texts';

type Span = readonly [number, number];

/** Listeners by event type, fired by the test. */
class Events {
  private readonly listeners = new Map<string, (() => void)[]>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((each) => each !== listener),
    );
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

/** TimeRanges throw for an index out of range, and so does this. */
function spanAt(spans: readonly Span[], index: number): Span {
  const span = spans[index];
  if (!span) throw new RangeError(`no range ${index}`);
  return span;
}

const rangesOf = (spans: readonly Span[]): FeedRanges => ({
  length: spans.length,
  start: (index) => spanAt(spans, index)[0],
  end: (index) => spanAt(spans, index)[1],
});

/** A SourceBuffer whose operations end when the test says, holding the spans it is given. */
class TestBuffer extends Events implements FeedBuffer {
  mode: AppendMode = 'sequence';
  updating = false;
  spans: readonly Span[] = [];
  readonly appended: number[] = [];
  readonly removed: Span[] = [];
  aborted = false;
  /** The next appends throw this, one each. */
  refusals: DOMException[] = [];
  get buffered() {
    return rangesOf(this.spans);
  }
  appendBuffer(data: ArrayBuffer) {
    const refusal = this.refusals.shift();
    if (refusal) throw refusal;
    this.updating = true;
    this.appended.push(new Uint8Array(data)[0] ?? -1);
  }
  remove(start: number, end: number) {
    this.updating = true;
    this.removed.push([start, end]);
  }
  abort() {
    this.updating = false;
    this.aborted = true;
  }
  /** The running append or removal ends, the buffer holding `spans` from then on. */
  done(spans: readonly Span[] = this.spans) {
    expect(this.updating).toBe(true);
    this.updating = false;
    this.spans = spans;
    this.fire('updateend');
  }
}

class TestMediaSource extends Events implements FeedMediaSource {
  readyState: ReadyState = 'closed';
  buffer: TestBuffer | null = null;
  open() {
    this.readyState = 'open';
    this.fire('sourceopen');
  }
  addSourceBuffer(mime: string) {
    if (mime.includes('hvc1')) throw new DOMException('unsupported', 'NotSupportedError');
    this.buffer = new TestBuffer();
    return this.buffer;
  }
  endOfStream() {
    this.readyState = 'ended';
  }
}

class TestVideo extends Events implements FeedVideo {
  currentTime = 0;
  playbackRate = 1;
  muted = false;
  error: { message: string } | null = null;
  plays = 0;
  play() {
    this.plays += 1;
    return Promise.resolve();
  }
}

const mime = 'video/mp4; codecs="avc1.64001f"';
const media = JSON.stringify({ type: 'media', mime });
/** A media message whose first byte tells it apart. */
const bytes = (tag: number) => new Uint8Array([tag, 0, 0, 0]).buffer;
const quotaExceeded = () => new DOMException('full', 'QuotaExceededError');

let video: TestVideo;
let source: TestMediaSource;
let failures: FailureReason[];
let feed: LiveFeed;
const buffer = () => source.buffer as TestBuffer;

beforeEach(() => {
  video = new TestVideo();
  source = new TestMediaSource();
  failures = [];
  feed = feedLive(video, source, (reason) => failures.push(reason));
});

/** The socket's first messages: the MIME, the init segment and the first fragment, appended. */
function start(first: Span = [1234, 1234.05]) {
  source.open();
  feed.receive(media);
  feed.receive(bytes(0));
  feed.receive(bytes(1));
  buffer().done([]);
  buffer().done([first]);
}

describe('a live feed', () => {
  it('tells each frame with its interval, from the stream’s timestamps (the buffered end it moves on)', () => {
    const intervals: number[] = [];
    feed = feedLive(
      video,
      source,
      (reason) => failures.push(reason),
      (ms) => intervals.push(ms),
    );
    start([1234, 1234.04]);
    feed.receive(bytes(2));
    buffer().done([[1234, 1234.08]]);
    feed.receive(bytes(3));
    buffer().done([[1234, 1234.28]]);
    expect(intervals.map((ms) => Math.round(ms))).toEqual([40, 200]);
  });

  it('appends in order, one at a time, and plays from the first fragment, which is not at 0', () => {
    // The MIME may come before the media source opens: the buffer waits for it.
    feed.receive(media);
    feed.receive(bytes(0));
    expect(source.buffer).toBeNull();
    source.open();
    expect(buffer().mode).toBe('segments');
    feed.receive(bytes(1));
    feed.receive(bytes(2));
    expect(buffer().appended).toEqual([0]);
    buffer().done([]);
    expect(buffer().appended).toEqual([0, 1]);
    expect(video.plays).toBe(0);

    buffer().done([[1234, 1234.05]]);
    expect(video.currentTime).toBe(1234);
    expect(video.muted).toBe(true);
    expect(video.plays).toBe(1);
    expect(buffer().appended).toEqual([0, 1, 2]);
    buffer().done([[1234, 1234.1]]);
    expect(video.plays).toBe(1);
    expect(failures).toEqual([]);
  });

  it('stays near the newest frame: faster when modestly behind, a jump when a second behind', () => {
    start();
    feed.receive(bytes(2));
    buffer().done([[1234, 1234.8]]);
    expect(video.playbackRate).toBe(catchUpRate);
    expect(video.currentTime).toBe(1234);

    video.currentTime = 1234.5;
    feed.receive(bytes(3));
    buffer().done([[1234, 1234.85]]);
    expect(video.playbackRate).toBe(1);

    feed.receive(bytes(4));
    buffer().done([[1234, 1236]]);
    expect(video.currentTime).toBeCloseTo(1235.7);
    expect(video.playbackRate).toBe(1);
  });

  it('drops what lies more than 10 s behind once idle, in batches', () => {
    start();
    video.currentTime = 1249;
    feed.receive(bytes(2));
    buffer().done([[1234, 1249.2]]);
    // 15 s behind: kept until more than 5 s can go at once.
    expect(buffer().removed).toEqual([]);
    video.currentTime = 1250;
    feed.receive(bytes(3));
    feed.receive(bytes(4));
    buffer().done([[1234, 1250.2]]);
    // Busy: the next fragment first.
    expect(buffer().removed).toEqual([]);
    buffer().done([[1234, 1250.25]]);
    expect(buffer().removed).toEqual([[1234, 1240]]);

    buffer().done([[1240.5, 1250.25]]);
    feed.receive(bytes(5));
    buffer().done([[1240.5, 1250.3]]);
    expect(buffer().removed).toHaveLength(1);
    expect(buffer().appended).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('makes room when the buffer is full and appends again, once', () => {
    start();
    video.currentTime = 1240;
    feed.receive(bytes(2));
    buffer().done([[1234, 1240.2]]);
    buffer().refusals = [quotaExceeded()];
    feed.receive(bytes(3));
    expect(buffer().removed).toEqual([[1234, 1239]]);
    buffer().done([[1239, 1240.2]]);
    expect(buffer().appended).toEqual([0, 1, 2, 3]);
    buffer().done([[1239, 1240.25]]);

    // Full again right after making room: it gives up.
    video.currentTime = 1241;
    buffer().refusals = [quotaExceeded(), quotaExceeded()];
    feed.receive(bytes(4));
    expect(buffer().removed).toEqual([
      [1234, 1239],
      [1239, 1240],
    ]);
    expect(failures).toEqual([]);
    // However far the picture moved on meanwhile.
    buffer().done([[1240, 1242.3]]);
    expect(failures).toEqual([videoTexts.streamBroken]);
    expect(buffer().appended).toEqual([0, 1, 2, 3]);
  });

  it("reports the server's message once, and stops", () => {
    start();
    feed.receive(JSON.stringify({ success: false, code: '503', msg: '实时视频路数已满', data: null }));
    feed.receive(bytes(2));
    feed.fail(videoTexts.streamBroken);
    video.error = { message: 'decode' };
    video.fire('error');
    expect(failures).toEqual(['实时视频路数已满']);
    expect(buffer().appended).toEqual([0, 1]);
    expect(video.playbackRate).toBe(1);
  });

  it("reports the video's decode error, and a codec the browser cannot decode", () => {
    start();
    video.error = { message: 'PIPELINE_ERROR_DECODE' };
    video.fire('error');
    expect(failures).toEqual(['PIPELINE_ERROR_DECODE']);

    const other = new TestMediaSource();
    const hevc = 'video/mp4; codecs="hvc1.1.6.L93.B0"';
    feedLive(new TestVideo(), other, (reason) => failures.push(reason)).receive(
      JSON.stringify({ type: 'media', mime: hevc }),
    );
    other.open();
    expect(failures).toEqual(['PIPELINE_ERROR_DECODE', codecUnsupportedText(hevc)]);
  });

  it('when stopped, reports nothing, drops the running append and ends the media source', () => {
    start();
    feed.receive(bytes(2));
    feed.stop();
    expect(buffer().aborted).toBe(true);
    expect(source.readyState).toBe('ended');
    feed.fail(videoTexts.streamBroken);
    video.fire('error');
    feed.receive(bytes(3));
    expect(failures).toEqual([]);
    expect(buffer().appended).toEqual([0, 1, 2]);
  });
});
