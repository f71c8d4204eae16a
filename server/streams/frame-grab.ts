import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { StreamSlots } from './stream-slots';
import type { StreamAddressPolicy } from './stream-address';
import { hideCredentials } from './stream-credentials';
import { checkStreamAddress, collectOutput, streamInput, type StreamSpawn } from './stream-process';

/** A frame bigger than this is not a camera's JPEG; ffmpeg is stopped. */
const largestFrameBytes = 16 * 1024 * 1024;

const unavailable = (reason: LocalText) =>
  new ApiError('502', {
    zh: `无法从视频流取帧：${reason.zh}`,
    en: `Could not grab a frame from the stream: ${reason.en}`,
  });

const busy = (max: number) =>
  new ApiError('429', {
    zh: `服务器正忙：读取视频流的进程已达上限（${max} 路），请稍后重试`,
    en: `The server is busy: it already reads its most camera streams (${max}); retry in a moment`,
  });

export interface FrameGrabOptions {
  readonly policy: StreamAddressPolicy;
  /** Shared with the live views. */
  readonly slots: StreamSlots;
  /** How long a grab may take once its ffmpeg runs, and may wait for a slot before that. */
  readonly timeoutMs: number;
  /** The live views' read time-out: a source silent this long ends the grab. */
  readonly readTimeoutMs: number;
  readonly log: FastifyBaseLogger;
  readonly spawn?: StreamSpawn;
}

export interface FrameGrabber {
  /**
   * One JPEG frame of a camera stream. Grabs of a camera already being grabbed share its answer.
   * Fails with a fixed 502 by kind of failure, 504 on time-out, 429 when no ffmpeg slot frees in time.
   */
  grab(cameraId: number, url: string): Promise<Buffer>;
}

export function createFrameGrabber(options: FrameGrabOptions): FrameGrabber {
  const running = new Map<number, Promise<Buffer>>();
  return {
    grab(cameraId, url) {
      const shared = running.get(cameraId);
      if (shared) return shared;
      const log = (detail: string) =>
        options.log.warn(`camera ${cameraId} frame grab failed: ${hideCredentials(detail)}`);
      const grab = grabFrame(url, options, log).finally(() => running.delete(cameraId));
      running.set(cameraId, grab);
      return grab;
    },
  };
}

/** One frame by Debian's ffmpeg, reading the checked address, stopped hard after the time-out. */
async function grabFrame(url: string, options: FrameGrabOptions, log: (detail: string) => void) {
  const stream = await checkStreamAddress(url, options.policy, unavailable, log);
  const slot = await options.slots.take(options.timeoutMs);
  if (!slot) throw busy(options.slots.max);
  const seconds = options.timeoutMs / 1000;
  try {
    return await collectOutput(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
        ...streamInput(stream, options.readTimeoutMs),
        ...['-frames:v', '1', '-f', 'image2', '-'],
      ],
      unavailable,
      {
        timeoutMs: options.timeoutMs,
        timedOut: () =>
          new ApiError('504', {
            zh: `视频流在 ${seconds} 秒内没有给出画面`,
            en: `The stream gave no frame within ${seconds} s`,
          }),
        maxBytes: largestFrameBytes,
        tooLarge: { zh: '画面过大', en: 'the frame is too large' },
        nothing: { zh: '视频流没有给出画面', en: 'the stream gave no frame' },
        log,
        spawn: options.spawn,
      },
    );
  } finally {
    slot.release();
  }
}
