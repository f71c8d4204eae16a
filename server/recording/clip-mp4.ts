import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { RecordingContext } from './recording-context';
import { privateDirMode } from '../kernel/private-files';
import { dyingWithParent } from '../process/parent-death';
import { retryLater } from '../kernel/api-error';
import { FileAnswer } from '../operations/file-answer';
import { siteTime } from '../kernel/zoned-time';
import type { AuditNote } from '../operations/audit-note';
import { recordedClip } from './alert-clip';
import { segmentGone } from './playback';
import type { SegmentRow } from './segment-index';
import type { RecordingStore } from './recording-store';

/** A clip of a minute or two joins in well under a second; this only ends an ffmpeg that hangs. */
const joinTimeoutMs = 120_000;
/** What a refused export is told to wait: about one export's time. */
const busyRetryMs = 5000;
const stderrKept = 2048;

// eslint-disable-next-line no-control-regex
const unsafeInFileName = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/** `北门-20261126-223015.mp4`: the camera and a time (the alert's, the export's start) in the site's time zone. */
export function clipFileName(cameraName: string, at: string, timeZone: string): string {
  const camera = cameraName.replace(unsafeInFileName, '').trim().slice(0, 60) || 'clip';
  const time = siteTime(at, timeZone).replace(/-/g, '').replace(' ', '-').replace(/:/g, '');
  return `${camera}-${time}.mp4`;
}

/** The header an exported MP4's SHA-256 (hex) is answered in, before its bytes. */
export const digestHeader = 'x-content-sha256';

/** An MP4 made of recorded segments, and its SHA-256 (hex). */
export interface Mp4Export {
  readonly answer: FileAnswer;
  readonly sha256: string;
}

/**
 * The alert's clip as one MP4 (see segmentsMp4); the operation log's entry names the alert and the
 * file's SHA-256.
 */
export async function alertClipMp4(
  ctx: RecordingContext,
  alertId: number,
  audit: AuditNote,
): Promise<FileAnswer> {
  audit.target = `#${alertId}`;
  const clip = await recordedClip(ctx, alertId);
  audit.target = `#${alertId} ${clip.cameraName}`;
  const name = clipFileName(clip.cameraName, clip.occurredAt, ctx.notify.timeZone);
  const { answer, sha256 } = await segmentsMp4(ctx, clip.segments, name);
  audit.detail = { zh: `SHA-256 ${sha256}`, en: `SHA-256 ${sha256}` };
  return answer;
}

/**
 * Recorded segments (time order, at least one) as one MP4 named `fileName`: the MPEG-TS segments,
 * read from the store, are fed one after the other to an ffmpeg that copies the video (never
 * encodes it) into a file with its index at the front (`+faststart`, so a player starts before the
 * whole file is there); the file's SHA-256 is taken, then the file is sent with it in
 * X-Content-SHA256 and removed. The index is written after the video, hence a file rather than a
 * pipe. At most CFOP_RECORDING_MAX_CLIP_EXPORTS run at once; code "503" beyond.
 */
export async function segmentsMp4(
  ctx: RecordingContext,
  segments: readonly SegmentRow[],
  fileName: string,
): Promise<Mp4Export> {
  const slot = ctx.recordings.clipExports.tryTake();
  if (!slot) {
    throw retryLater('503', busyRetryMs, (seconds) => ({
      zh: `正在生成的录像文件已达上限，请 ${seconds} 秒后重试`,
      en: `Too many clips are being made; try again in ${seconds} s`,
    }));
  }
  const file = join(ctx.recordings.clipDir, `${randomUUID()}.mp4`);
  try {
    await mkdir(ctx.recordings.clipDir, { recursive: true, mode: privateDirMode });
    await joinSegments(ctx.recordings.store, segments, file);
    const size = (await stat(file)).size;
    const sha256 = await fileSha256(file);
    const body = createReadStream(file);
    body.once('close', () => void rm(file, { force: true }));
    const answer = new FileAnswer(fileName, 'video/mp4', body, { size, headers: { [digestHeader]: sha256 } });
    return { answer, sha256 };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  } finally {
    slot.release();
  }
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function joinSegments(
  store: RecordingStore,
  segments: readonly SegmentRow[],
  file: string,
): Promise<void> {
  const first = segments[0] as SegmentRow;
  // Dies with the server, as every ffmpeg it starts: an export cut off is not left writing.
  const line = dyingWithParent('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0'],
    ...['-map', '0:v:0', '-c', 'copy', '-movflags', '+faststart'],
    ...['-metadata', `creation_time=${first.started_at}`, '-f', 'mp4', '-y', file],
  ]);
  const ffmpeg = spawn(line.file, line.args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-stderrKept);
  });
  const timer = setTimeout(() => ffmpeg.kill('SIGKILL'), joinTimeoutMs);
  const exited = new Promise<number | null>((resolve, reject) => {
    ffmpeg.once('error', reject);
    ffmpeg.once('close', (code) => resolve(code));
  });
  // An ffmpeg that failed early closes its input: its exit says why, not the broken pipe.
  ffmpeg.stdin.on('error', () => undefined);
  try {
    for (const segment of segments) {
      let source;
      try {
        source = await store.read(segment.store_key);
      } catch (error) {
        // The sweep removed it since the look-up.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw segmentGone();
        throw error;
      }
      await pipeline(source, ffmpeg.stdin, { end: false });
    }
    ffmpeg.stdin.end();
  } catch (error) {
    ffmpeg.kill('SIGKILL');
    await exited.catch(() => undefined);
    clearTimeout(timer);
    throw error;
  }
  const code = await exited.finally(() => clearTimeout(timer));
  // Logged with the request as a failure of the server; the caller gets the usual 500.
  if (code !== 0) throw new Error(`alert clip not joined (ffmpeg ${code ?? 'killed'}): ${stderr.trim()}`);
}
