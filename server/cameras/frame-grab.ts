import { spawn } from 'node:child_process';
import { ApiError } from '../http/api-error';
import type { LocalText } from '../http/locale';

/** ffmpeg's own protocols a camera stream may use; `file:` and the like are not among them. */
const streamProtocols = 'rtsp,rtsps,rtp,srtp,udp,tcp,tls,http,https,httpproxy,crypto';
const streamSchemes = new Set(['rtsp:', 'rtsps:', 'http:', 'https:']);
/** A frame bigger than this is not a camera's JPEG; ffmpeg is stopped. */
const largestFrameBytes = 16 * 1024 * 1024;
const stderrKeptBytes = 4096;

/** Credentials in a stream address never reach a message: `rtsp://user:pass@host` → `rtsp://***@host`. */
export function hideCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@');
}

const unavailable = (reason: LocalText) =>
  new ApiError('502', {
    zh: `无法从视频流取帧：${reason.zh}`,
    en: `Could not grab a frame from the stream: ${reason.en}`,
  });

/**
 * One JPEG frame of a camera stream, grabbed by Debian's ffmpeg: run directly (no shell), the URL
 * one argument, stopped hard after `timeoutMs`. Only rtsp(s) and http(s) addresses are tried, and
 * ffmpeg may only open network protocols, so a hostile playlist cannot make it read local files.
 * Fails with a 502 ApiError when the stream cannot be reached or gives no frame, 504 on time-out.
 */
export function grabFrame(url: string, timeoutMs: number): Promise<Buffer> {
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    scheme = '';
  }
  if (!streamSchemes.has(scheme)) {
    return Promise.reject(
      unavailable({
        zh: '只支持 rtsp:// 与 http(s):// 地址',
        en: 'only rtsp:// and http(s):// streams are grabbed',
      }),
    );
  }
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-protocol_whitelist',
    streamProtocols,
    ...(scheme.startsWith('rtsp') ? ['-rtsp_transport', 'tcp'] : []),
    '-i',
    url,
    '-frames:v',
    '1',
    '-f',
    'image2',
    '-',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: ApiError | null = null;
    let settled = false;
    const settle = (frame: Buffer | null, error: ApiError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(frame as Buffer);
    };
    const stop = (error: ApiError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () =>
        stop(
          new ApiError('504', {
            zh: `视频流在 ${timeoutMs / 1000} 秒内没有给出画面`,
            en: `The stream gave no frame within ${timeoutMs / 1000} s`,
          }),
        ),
      timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > largestFrameBytes) stop(unavailable({ zh: '画面过大', en: 'the frame is too large' }));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-stderrKeptBytes);
    });
    // A failed spawn (no ffmpeg) may or may not be followed by 'close'.
    child.on('error', (error: NodeJS.ErrnoException) => {
      const missing = error.code === 'ENOENT';
      settle(
        null,
        unavailable({
          zh: missing ? '服务器未安装 ffmpeg' : error.message,
          en: missing ? 'ffmpeg is not installed on the server' : error.message,
        }),
      );
    });
    child.on('close', (code) => {
      if (failure) return settle(null, failure);
      if (code === 0 && size > 0) return settle(Buffer.concat(chunks), null);
      const lastLine = hideCredentials(
        stderr.trim().split('\n').at(-1)?.trim() || `ffmpeg exit ${String(code)}`,
      );
      settle(null, unavailable({ zh: lastLine, en: lastLine }));
    });
  });
}
