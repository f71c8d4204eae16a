import { ApiError } from '../kernel/api-error';
import { collectOutput, type FailureLog, type StreamSpawn } from './stream-process';

/** `streams[0].codec_name` of ffprobe's JSON, or null when it names none. */
export function firstCodec(json: string): string | null {
  try {
    const parsed: unknown = JSON.parse(json);
    const streams = (parsed as { streams?: unknown } | null)?.streams;
    const codec = Array.isArray(streams)
      ? (streams[0] as { codec_name?: unknown } | undefined)?.codec_name
      : null;
    return typeof codec === 'string' && codec !== '' ? codec : null;
  } catch {
    return null;
  }
}

/** ffprobe reads a segment's header in milliseconds; this only ends one that hangs. */
const probeTimeoutMs = 15_000;

const unreadable = { zh: '无法识别录像的视频编码', en: 'the recording’s video codec could not be read' };
const failed = () => new ApiError('502', unreadable);

/**
 * The codec of a recorded file's first video track (`h264`, `hevc`...), as ffprobe names it; null
 * when it cannot be read (the footage is then served as recorded, as before codecs were known).
 */
export async function fileVideoCodec(
  file: string,
  log: FailureLog,
  spawn?: StreamSpawn,
): Promise<string | null> {
  const args = [
    ...['-hide_banner', '-v', 'error', '-i', file],
    ...['-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'json'],
  ];
  try {
    const output = await collectOutput('ffprobe', args, failed, {
      timeoutMs: probeTimeoutMs,
      timedOut: failed,
      maxBytes: 4096,
      tooLarge: unreadable,
      nothing: unreadable,
      log,
      spawn,
    });
    return firstCodec(output.toString('utf8'));
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
