import type { RecordingContext } from './recording-context';
import type { AuditNote } from '../operations/audit-note';
import type { FileAnswer } from '../operations/file-answer';
import { siteTime } from '../kernel/zoned-time';
import { notFound } from '../resources/resource-service';
import { segmentsMp4, clipFileName } from './clip-mp4';
import { checkedPeriod, nothingRecorded, type Longest } from './playback';
import { segmentsBetween } from './segment-index';

/** An export is a stretch of evidence, not an archive: bounded so one call cannot hold ffmpeg and the disk for long. */
export const exportLongest: Longest = { ms: 30 * 60_000, zh: '30 分钟', en: '30 minutes' };

/**
 * The camera's recording over the period asked for (at most exportLongest) as one MP4 of the whole
 * segments it overlaps, so it may start and end a few seconds wider (segmentsMp4). The operation
 * log's entry names the camera, the period asked for, the footage the file holds, and its SHA-256.
 * Code "404" for an unknown camera or nothing recorded in the period.
 */
export async function recordingMp4(
  ctx: RecordingContext,
  cameraId: number,
  query: { readonly from: string; readonly to: string },
  audit: AuditNote,
): Promise<FileAnswer> {
  audit.target = `#${cameraId}`;
  const period = checkedPeriod(query, exportLongest);
  const camera = await ctx.db
    .selectFrom('cameras')
    .select('name')
    .where('id', '=', cameraId)
    .executeTakeFirst();
  if (!camera) throw notFound(cameraId);
  audit.target = `#${cameraId} ${camera.name}`;
  const segments = await segmentsBetween(ctx.db, cameraId, period.from, period.to);
  const first = segments[0];
  if (!first) throw nothingRecorded();
  const held = {
    from: first.started_at,
    to: segments.reduce((end, segment) => (segment.ended_at > end ? segment.ended_at : end), first.ended_at),
  };
  const name = clipFileName(camera.name, period.from, ctx.notify.timeZone);
  const { answer, sha256 } = await segmentsMp4(ctx, segments, name);
  const time = (iso: string) => siteTime(iso, ctx.notify.timeZone);
  audit.detail = {
    zh: `时段 ${time(period.from)} 至 ${time(period.to)}，文件录像 ${time(held.from)} 至 ${time(held.to)}，SHA-256 ${sha256}`,
    en: `period ${time(period.from)} to ${time(period.to)}, footage ${time(held.from)} to ${time(held.to)}, SHA-256 ${sha256}`,
  };
  return answer;
}
