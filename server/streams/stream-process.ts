import type { ChildProcess } from 'node:child_process';
import type { ApiError } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import { spawnDyingWithParent, spawnedCommandName } from '../process/parent-death';
import {
  checkedStream,
  StreamAddressError,
  type CheckedStream,
  type StreamAddressPolicy,
} from './stream-address';
import { hideCredentials } from './stream-credentials';

/** ffmpeg's own protocols a camera stream may use; `file:` and the like are not among them. */
const streamProtocols = 'rtsp,rtsps,rtp,srtp,udp,tcp,tls,http,https,httpproxy,crypto';
/**
 * The demuxers a camera stream may need (RTSP; MPEG-TS, FLV, MP4, Matroska, AVI or MJPEG over HTTP;
 * raw H.264 / H.265). Playlist formats (HLS, DASH, concat) are left out: they name further URLs that
 * ffmpeg would open unchecked, on any host.
 */
const streamFormats = 'rtsp,mpegts,flv,live_flv,mov,matroska,avi,asf,mpjpeg,mjpeg,jpeg_pipe,h264,hevc';
const stderrKeptBytes = 4096;

/** Makes the ApiError a failure reading a camera stream answers, from what went wrong. */
export type StreamFailure = (reason: LocalText) => ApiError;

/** Where the details of a failure go (the server log): never to the caller. */
export type FailureLog = (detail: string) => void;

/**
 * What an operator is told when a stream fails, by kind: fixed texts, so ffmpeg's own words (which
 * name hosts, ports and what answered on them) stay in the server log.
 */
export const streamFailureReasons = {
  refused: {
    zh: '摄像头拒绝了连接或取流请求，请检查端口、用户名与密码',
    en: 'the camera refused the connection or the stream request; check its port, user name and password',
  },
  unreachable: {
    zh: '无法连接摄像头（网络不可达或主机名无法解析）',
    en: 'the camera could not be reached (no route to it, or its name does not resolve)',
  },
  // ffmpeg says "timed out" alike for a connection never answered and a stream gone silent.
  timedOut: {
    zh: '摄像头在读取时限内没有应答（无法连接，或视频流没有数据）',
    en: 'the camera did not answer within the read time-out (not reachable, or its stream is silent)',
  },
  noFrame: { zh: '视频流没有给出可用的画面', en: 'the stream gave no usable picture' },
  forbidden: {
    zh: '视频流地址指向服务器不允许访问的地址',
    en: 'the stream address points where the server may not connect',
  },
  noFfmpeg: { zh: '服务器未安装 ffmpeg', en: 'ffmpeg is not installed on the server' },
} satisfies Record<string, LocalText>;

/** Which fixed reason ffmpeg's error output amounts to. */
function reasonOf(stderr: string): LocalText {
  if (/connection refused|connection reset|\b40[13]\b|unauthorized|forbidden/i.test(stderr)) {
    return streamFailureReasons.refused;
  }
  if (/unreachable|no route|name or service|resolve|name resolution/i.test(stderr)) {
    return streamFailureReasons.unreachable;
  }
  if (/timed out/i.test(stderr)) return streamFailureReasons.timedOut;
  return streamFailureReasons.noFrame;
}

/**
 * The stream URL resolved and checked right before ffmpeg opens it; a refused or unresolvable
 * address fails with its fixed reason, the details logged.
 */
export async function checkStreamAddress(
  url: string,
  policy: StreamAddressPolicy,
  fail: StreamFailure,
  log: FailureLog,
): Promise<CheckedStream> {
  try {
    return await checkedStream(url, policy);
  } catch (error) {
    if (!(error instanceof StreamAddressError)) throw error;
    log(hideCredentials(error.message));
    throw fail(
      error.kind === 'unresolved' ? streamFailureReasons.unreachable : streamFailureReasons.forbidden,
    );
  }
}

/**
 * ffprobe and ffmpeg each read about a second of a stream to learn its codec and size (their
 * defaults read five, which on a live stream takes five seconds), so that a frame grab answers well
 * within its time-out. Half a second was tried: one start in ten then saw no key frame in it and
 * had to try again. (The live relay, which needs no picture size, passes its own limit.)
 */
const probeLimit = ['-analyzeduration', '1000000', '-probesize', '1000000'];

/**
 * The input options of ffmpeg or ffprobe reading a checked camera stream: only network protocols
 * and the demuxers of camera streams, RTSP over TCP, no HTTP redirect (its target would be opened
 * unchecked), the probe limits (`probeLimit` unless the reader needs less), and a read time-out
 * so that a source gone silent ends the reader instead of freezing it (RTSP's `-timeout`, and `-rw_timeout` for HTTP and any other protocol,
 * both in microseconds; ffmpeg 5 or later, where RTSP's `-timeout` no longer means listening). An HTTP camera named by
 * host name is reached at the checked address with its name in the Host header. The URL is one
 * argument (no shell ever parses it).
 */
export function streamInput(
  stream: CheckedStream,
  readTimeoutMs: number,
  probe: readonly string[] = probeLimit,
): string[] {
  const rtsp = stream.scheme.startsWith('rtsp');
  const http = stream.scheme.startsWith('http');
  const microseconds = String(Math.round(readTimeoutMs * 1000));
  return [
    ...probe,
    ...['-protocol_whitelist', streamProtocols, '-format_whitelist', streamFormats],
    // RTSP reads through sockets of its own, which only its demuxer's option reaches.
    ...(rtsp ? ['-rtsp_transport', 'tcp', '-timeout', microseconds] : ['-rw_timeout', microseconds]),
    ...(http ? ['-max_redirects', '0'] : []),
    ...(http && stream.hostHeader !== null ? ['-headers', `Host: ${stream.hostHeader}\r\n`] : []),
    ...['-i', stream.url],
  ];
}

/** Why a stream reader that ran (a live view's relay) ended by itself, in short. */
export type StreamEndReason = 'timeout' | 'refused' | 'unreachable' | 'endOfStream' | 'error';

export const streamEndTexts = {
  timeout: { zh: '源超时', en: 'source timed out' },
  refused: { zh: '连接被拒', en: 'connection refused' },
  unreachable: { zh: '源不可达', en: 'source unreachable' },
  endOfStream: { zh: '流结束', en: 'end of stream' },
  error: { zh: '读取出错', en: 'read error' },
} satisfies Record<StreamEndReason, LocalText>;

/**
 * The short reason of a reader's end, from its exit code and last error line. ffmpeg ends with 0
 * when a read times out (it takes the error for the input's end), so the line comes first.
 */
export function streamEndReason(code: number | null, lastLine: string): StreamEndReason {
  if (/timed out|timeout/i.test(lastLine)) return 'timeout';
  if (/refused|connection reset|\b40[13]\b|unauthorized|forbidden/i.test(lastLine)) return 'refused';
  if (/unreachable|no route|name or service|resolve/i.test(lastLine)) return 'unreachable';
  if (code === 0 || /end of file/i.test(lastLine)) return 'endOfStream';
  return 'error';
}

/**
 * Watches a started ffmpeg / ffprobe: keeps the tail of its error output, logs why it failed (spawn
 * error or exit) with credentials hidden, and makes the fixed answer for the kind of failure.
 */
export function watchStreamProcess(child: ChildProcess, fail: StreamFailure, log: FailureLog) {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-stderrKeptBytes);
  });
  const lastLine = () => hideCredentials(stderr.trim().split('\n').at(-1)?.trim() ?? '');
  const answer = (): ApiError => fail(reasonOf(stderr));
  return {
    /** The last line of its error output, credentials hidden; '' when it wrote none. */
    lastLine,
    /** The fixed answer for how it failed, logging nothing (the caller logs its own line). */
    answer,
    /** Why it exited with `code`. */
    exitFailure(code: number | null): ApiError {
      log(lastLine() || `${spawnedCommandName(child)} exit ${String(code)}`);
      return answer();
    },
    /** Why it did not start: ffmpeg missing, most often. */
    spawnFailure(error: NodeJS.ErrnoException): ApiError {
      log(hideCredentials(error.message));
      return fail(error.code === 'ENOENT' ? streamFailureReasons.noFfmpeg : streamFailureReasons.noFrame);
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
  readonly log: FailureLog;
  /** Starts the process; tests count them. */
  readonly spawn?: StreamSpawn;
}

/** Starts ffmpeg or ffprobe with its standard output and error piped. */
export type StreamSpawn = (command: 'ffmpeg' | 'ffprobe', args: readonly string[]) => ChildProcess;

/**
 * ffmpeg and ffprobe never outlive the server, also one killed outright (see spawnDyingWithParent).
 */
export const spawnPiped: StreamSpawn = (command, args) =>
  spawnDyingWithParent(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });

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
    const child = (options.spawn ?? spawnPiped)(command, args);
    const watch = watchStreamProcess(child, fail, options.log);
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
    child.stdout?.on('data', (chunk: Buffer) => {
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
