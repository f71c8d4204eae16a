import type { RecordingContext } from './recording-context';
import { ApiError } from '../kernel/api-error';
import { notFound } from '../resources/resource-service';
import type { RecordingMode } from '../db/schema';
import { segmentGone } from './playback';
import { segmentsBetween, type SegmentRow } from './segment-index';

/** ffmpeg cuts a segment at the first key frame after its length: this much later at most, on usual cameras. */
const keyFrameSlackMs = 4000;

/** An alert's clip: its camera's recording around the alert's time. */
export interface AlertClip {
  readonly cameraId: number;
  readonly cameraName: string;
  readonly occurredAt: string;
  /** The window: the pre-alert seconds before the alert to the post-alert seconds after it. */
  readonly from: string;
  readonly to: string;
  /** The recorded segments in the window, oldest first, those still awaiting the sweep included. */
  readonly segments: readonly SegmentRow[];
  /** When the segment holding the window's end will be finished. */
  readonly readyAt: string;
  readonly complete: boolean;
  readonly recordingMode: RecordingMode;
}

const iso = (ms: number) => new Date(ms).toISOString();

export const noCameraForClip = () =>
  new ApiError('404', {
    zh: '该告警没有关联摄像头，没有录像',
    en: 'This alert has no camera, so no recording',
  });

export const noRecordingForAlert = () =>
  new ApiError('404', { zh: '没有覆盖该告警的录像', en: 'No recording covers this alert' });

/**
 * The alert's clip as the recording holds it now. The window is the one the sweep keeps for "around
 * alerts" cameras, so a clip is whatever that mode kept; those segments are read before the sweep
 * has decided on them, so a new alert's clip plays at once. Code "404" for an unknown alert or one
 * without a camera.
 */
export async function alertClip(ctx: RecordingContext, alertId: number): Promise<AlertClip> {
  const alert = await ctx.db
    .selectFrom('alerts')
    .leftJoin('cameras', 'cameras.id', 'alerts.camera_id')
    .select(['alerts.camera_id', 'alerts.camera_name', 'alerts.occurred_at', 'cameras.recording_mode'])
    .where('alerts.id', '=', alertId)
    .executeTakeFirst();
  if (!alert) throw notFound(alertId);
  if (alert.camera_id === null) throw noCameraForClip();
  const { alertPreSeconds, alertPostSeconds, segmentSeconds } = ctx.recordings.settings;
  const at = Date.parse(alert.occurred_at);
  const from = iso(at - alertPreSeconds * 1000);
  const to = iso(at + alertPostSeconds * 1000);
  const segments = await segmentsBetween(ctx.db, alert.camera_id, from, to, 'with awaiting');
  const readyAtMs = Date.parse(to) + segmentSeconds * 1000 + keyFrameSlackMs;
  const recordingMode = alert.recording_mode ?? 'off';
  const last = segments.at(-1);
  return {
    cameraId: alert.camera_id,
    cameraName: alert.camera_name,
    occurredAt: alert.occurred_at,
    from,
    to,
    segments,
    readyAt: iso(readyAtMs),
    // Nothing more can come once the window's end is recorded, its time has passed, or nothing records.
    complete:
      (last !== undefined && last.ended_at >= to) ||
      ctx.clock.now().getTime() >= readyAtMs ||
      recordingMode === 'off',
    recordingMode,
  };
}

/** The clip's segments; code "404" when none is recorded. */
export async function recordedClip(ctx: RecordingContext, alertId: number): Promise<AlertClip> {
  const clip = await alertClip(ctx, alertId);
  if (clip.segments.length === 0) throw noRecordingForAlert();
  return clip;
}

/** The clip's segment `name` (`<id>.ts`); a 404 when it is not in the alert's clip. */
export async function clipSegment(ctx: RecordingContext, alertId: number, name: string): Promise<SegmentRow> {
  const clip = await alertClip(ctx, alertId);
  const id = Number.parseInt(name, 10);
  const segment = clip.segments.find((candidate) => candidate.id === id);
  if (!segment) throw segmentGone();
  return segment;
}
