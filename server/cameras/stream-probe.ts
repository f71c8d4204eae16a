import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CamerasContext } from './cameras-context';
import { runEvery } from '../background-tasks';
import { ApiError } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { StreamSlots } from '../streams/stream-slots';
import { recordStreamRead } from './camera-status';
import type { CheckedStream, StreamAddressPolicy } from '../streams/stream-address';
import { hideCredentials } from '../streams/stream-credentials';
import { firstCodec } from '../streams/video-codec';
import {
  checkStreamAddress,
  collectOutput,
  spawnPiped,
  streamInput,
  type FailureLog,
  type StreamSpawn,
} from '../streams/stream-process';

/** CFOP_CAMERA_PROBE_SECONDS' default: a camera nobody watches is found gone within a minute. */
export const defaultCameraProbeSeconds = 60;

/**
 * Probes running at once: each is one short ffprobe (about a second of the stream), and a live view
 * must still find a free ffmpeg slot meanwhile.
 */
const probesAtOnce = 2;

export interface StreamProbeOptions {
  readonly policy: StreamAddressPolicy;
  /** The live views' ffmpeg budget: a probe takes a free slot or skips its camera this round. */
  readonly slots: StreamSlots;
  /** The live views' read time-out; a probe gives up after twice this. */
  readonly readTimeoutMs: number;
  readonly log: FastifyBaseLogger;
  readonly spawn?: StreamSpawn;
}

const failed = (reason: LocalText) => new ApiError('502', reason);

/**
 * Whether the stream gives a video track now, read as a live view reads it (the same address check,
 * input options and probe limits); null when no ffmpeg slot is free (nothing learned).
 */
export async function probeStream(
  url: string,
  options: StreamProbeOptions,
  signal: AbortSignal,
  log: (detail: string) => void,
): Promise<boolean | null> {
  const slot = options.slots.tryTake();
  if (!slot) return null;
  try {
    const stream = await checkStreamAddress(url, options.policy, failed, log);
    const limits = { startTimeoutMs: options.readTimeoutMs * 2, readTimeoutMs: options.readTimeoutMs };
    await probeVideoCodec(stream, limits, signal, options.spawn ?? spawnPiped, log);
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  } finally {
    slot.release();
  }
}

/**
 * The codec of the stream's first video track (`h264`, `hevc`...), read by ffprobe. Its JSON, as
 * its other formats, also lists each MPEG-TS program's streams: only the top-level list is read.
 */
async function probeVideoCodec(
  stream: CheckedStream,
  options: { readonly startTimeoutMs: number; readonly readTimeoutMs: number },
  signal: AbortSignal,
  spawn: StreamSpawn,
  log: FailureLog,
): Promise<string> {
  const args = [
    '-hide_banner',
    ...['-v', 'error'],
    ...streamInput(stream, options.readTimeoutMs),
    ...['-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'json'],
  ];
  const timeoutMs = options.startTimeoutMs;
  const noVideo = { zh: '视频流中没有视频', en: 'the stream has no video' };
  const output = await collectOutput('ffprobe', args, failed, {
    timeoutMs,
    timedOut: () =>
      failed({ zh: `${timeoutMs / 1000} 秒内没有画面`, en: `no video within ${timeoutMs / 1000} s` }),
    maxBytes: 4096,
    tooLarge: { zh: '无法识别视频编码', en: 'the video codec could not be read' },
    nothing: noVideo,
    signal,
    log,
    spawn,
  });
  const codec = firstCodec(output.toString('utf8'));
  if (codec === null) throw failed(noVideo);
  return codec;
}

/**
 * Every `everyMs`, probes the main stream of each camera no relay reads now, a few at once, and
 * records what it found as the camera's read; a relay reports its own camera. Once per interval
 * across the servers of one database: a camera takes few connections, and the status is the
 * estate's, not a server's (a camera another server relays is probed too, as before it was relayed).
 */
export function startStreamProbes(
  app: FastifyInstance,
  ctx: CamerasContext,
  everyMs: number,
  options: StreamProbeOptions,
): void {
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  const relayed = () => new Set(ctx.live.running().map((key) => Number(key.split('-', 1)[0])));
  runEvery(
    app,
    ctx.background,
    'probing camera streams',
    everyMs,
    async () => {
      const cameras = await ctx.db.selectFrom('cameras').select(['id', 'main_stream_url']).execute();
      const skip = relayed();
      const queue = cameras.filter((camera) => !skip.has(camera.id));
      const worker = async () => {
        for (let camera = queue.shift(); camera && !closing.signal.aborted; camera = queue.shift()) {
          const { id } = camera;
          const log = (detail: string) => options.log.debug(`camera ${id} probe: ${hideCredentials(detail)}`);
          const ok = await probeStream(camera.main_stream_url, options, closing.signal, log);
          // A relay started meanwhile tells its own, fresher, read.
          if (ok === null || closing.signal.aborted || relayed().has(id)) continue;
          await recordStreamRead(ctx, id, 'probe', { ok, live: false });
        }
      };
      await Promise.all(Array.from({ length: probesAtOnce }, worker));
    },
    ctx.jobs,
  );
}
