import { ApiError } from '../http/api-error';
import type { LocalText } from '../http/locale';
import { collectOutput, streamInput } from './stream-process';

/** A frame bigger than this is not a camera's JPEG; ffmpeg is stopped. */
const largestFrameBytes = 16 * 1024 * 1024;

const unavailable = (reason: LocalText) =>
  new ApiError('502', {
    zh: `无法从视频流取帧：${reason.zh}`,
    en: `Could not grab a frame from the stream: ${reason.en}`,
  });

/**
 * One JPEG frame of a camera stream, grabbed by Debian's ffmpeg (run as `streamInput` allows),
 * stopped hard after `timeoutMs`. Fails with a 502 ApiError when the stream cannot be reached or
 * gives no frame, 504 on time-out.
 */
export async function grabFrame(url: string, timeoutMs: number): Promise<Buffer> {
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...streamInput(url, unavailable),
    '-frames:v',
    '1',
    '-f',
    'image2',
    '-',
  ];
  return collectOutput('ffmpeg', args, unavailable, {
    timeoutMs,
    timedOut: () =>
      new ApiError('504', {
        zh: `视频流在 ${timeoutMs / 1000} 秒内没有给出画面`,
        en: `The stream gave no frame within ${timeoutMs / 1000} s`,
      }),
    maxBytes: largestFrameBytes,
    tooLarge: { zh: '画面过大', en: 'the frame is too large' },
    nothing: { zh: '视频流没有给出画面', en: 'the stream gave no frame' },
  });
}
