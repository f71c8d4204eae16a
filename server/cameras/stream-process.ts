import { spawn, type ChildProcess } from 'node:child_process';
import type { ApiError } from '../http/api-error';
import type { LocalText } from '../http/locale';

/** ffmpeg's own protocols a camera stream may use; `file:` and the like are not among them. */
const streamProtocols = 'rtsp,rtsps,rtp,srtp,udp,tcp,tls,http,https,httpproxy,crypto';
const streamSchemes = new Set(['rtsp:', 'rtsps:', 'http:', 'https:']);
const stderrKeptBytes = 4096;

/** Credentials in a stream address never reach a message: `rtsp://user:pass@host` → `rtsp://***@host`. */
export function hideCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@');
}

/** Makes the ApiError a failure reading a camera stream answers, from what went wrong. */
export type StreamFailure = (reason: LocalText) => ApiError;

const unsupportedScheme: LocalText = {
  zh: '只支持 rtsp:// 与 http(s):// 地址',
  en: 'only rtsp:// and http(s):// streams are read',
};

/**
 * The input options of ffmpeg or ffprobe reading a camera stream: only rtsp(s) and http(s)
 * addresses are tried, and only network protocols may be opened, so a hostile playlist cannot make
 * ffmpeg read local files. The URL is one argument (no shell ever parses it).
 */
export function streamInput(url: string, fail: StreamFailure): string[] {
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    scheme = '';
  }
  if (!streamSchemes.has(scheme)) throw fail(unsupportedScheme);
  return [
    '-protocol_whitelist',
    streamProtocols,
    ...(scheme.startsWith('rtsp') ? ['-rtsp_transport', 'tcp'] : []),
    '-i',
    url,
  ];
}

/**
 * Watches a started ffmpeg / ffprobe: keeps the tail of its error output, and tells why it failed
 * (spawn error or exit) with credentials hidden, as a message safe to show an operator.
 */
export function watchStreamProcess(child: ChildProcess, fail: StreamFailure) {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-stderrKeptBytes);
  });
  return {
    /** Why it exited with `code` (its last error line, or the exit code). */
    exitFailure(code: number | null): ApiError {
      const lastLine = hideCredentials(
        stderr.trim().split('\n').at(-1)?.trim() || `${String(child.spawnfile)} exit ${String(code)}`,
      );
      return fail({ zh: lastLine, en: lastLine });
    },
    /** Why it did not start: ffmpeg missing, most often. */
    spawnFailure(error: NodeJS.ErrnoException): ApiError {
      const missing = error.code === 'ENOENT';
      return fail({
        zh: missing ? '服务器未安装 ffmpeg' : hideCredentials(error.message),
        en: missing ? 'ffmpeg is not installed on the server' : hideCredentials(error.message),
      });
    },
  };
}

export interface CollectOptions {
  readonly timeoutMs: number;
  /** The error when it gave nothing within timeoutMs. */
  readonly timedOut: () => ApiError;
  /** Output beyond this is not what was asked for: the process is stopped. */
  readonly maxBytes: number;
  readonly tooLarge: LocalText;
  /** Why it exited cleanly but said nothing (no frame, no video stream). */
  readonly nothing: LocalText;
  /** Stops it early: nobody waits for its answer any more (the server is closing). */
  readonly signal?: AbortSignal;
}

const cancelled: LocalText = { zh: '已停止', en: 'stopped' };

/**
 * Runs ffmpeg or ffprobe on a stream to completion and answers its standard output; stopped hard
 * (SIGKILL) after the time-out or past the size limit. Fails with `fail`'s ApiError.
 */
export function collectOutput(
  command: 'ffmpeg' | 'ffprobe',
  args: readonly string[],
  fail: StreamFailure,
  options: CollectOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const watch = watchStreamProcess(child, fail);
    const chunks: Buffer[] = [];
    let size = 0;
    let failure: ApiError | null = null;
    let settled = false;
    const settle = (output: Buffer | null, error: ApiError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(output as Buffer);
    };
    const stop = (error: ApiError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(options.timedOut()), options.timeoutMs);
    const onAbort = () => stop(fail(cancelled));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) stop(fail(options.tooLarge));
      else chunks.push(chunk);
    });
    // A failed spawn (no ffmpeg) may or may not be followed by 'close'.
    child.on('error', (error: NodeJS.ErrnoException) => settle(null, watch.spawnFailure(error)));
    child.on('close', (code) => {
      if (failure) return settle(null, failure);
      if (code === 0 && size > 0) return settle(Buffer.concat(chunks), null);
      settle(null, code === 0 ? fail(options.nothing) : watch.exitFailure(code));
    });
  });
}
