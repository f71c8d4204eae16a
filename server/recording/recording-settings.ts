/** How recordings are cut, kept and bounded (CFOP_RECORDING_*); see readRecordingSettings in config.ts. */
export interface RecordingSettings {
  /** Length of a segment: ffmpeg cuts at the first key frame after it (CFOP_RECORDING_SEGMENT_SECONDS). */
  readonly segmentSeconds: number;
  /** Segments older than this many days are removed (CFOP_RECORDING_RETENTION_DAYS). */
  readonly retentionDays: number;
  /** All recordings together stay within this many bytes; null: no quota (CFOP_RECORDING_QUOTA_GB, 0). */
  readonly quotaBytes: number | null;
  /** The data folder's disk keeps at least this much free, oldest segments removed to keep it (CFOP_RECORDING_MIN_FREE_GB). */
  readonly minFreeBytes: number;
  /** "Around alerts only" keeps what was recorded from this long before an alert (CFOP_RECORDING_ALERT_PRE_SECONDS)... */
  readonly alertPreSeconds: number;
  /** ...to this long after it (CFOP_RECORDING_ALERT_POST_SECONDS). */
  readonly alertPostSeconds: number;
  /** Recorders (one ffmpeg per recorded camera) at most at once (CFOP_RECORDING_MAX_STREAMS). */
  readonly maxRecorders: number;
  /** Alert clips joined into MP4 files (an ffmpeg each) at most at once (CFOP_RECORDING_MAX_CLIP_EXPORTS). */
  readonly maxClipExports: number;
}

export const gigabyte = 1e9;

export const defaultRecordingSettings: RecordingSettings = {
  segmentSeconds: 10,
  retentionDays: 30,
  quotaBytes: null,
  minFreeBytes: 2 * gigabyte,
  alertPreSeconds: 30,
  alertPostSeconds: 30,
  maxRecorders: 16,
  maxClipExports: 2,
};

/**
 * How long an alert may take from its time to the server (the AI server's queue, the network): a
 * segment recorded around alerts only is decided this long after the last alert that could keep it
 * would have happened.
 */
export const alertArrivalMs = 60_000;

/** The settings given, each one left unset taking its default. */
export function recordingSettings(given: Partial<RecordingSettings> = {}): RecordingSettings {
  const pick = <K extends keyof RecordingSettings>(key: K): RecordingSettings[K] =>
    given[key] === undefined ? defaultRecordingSettings[key] : (given[key] as RecordingSettings[K]);
  return {
    segmentSeconds: pick('segmentSeconds'),
    retentionDays: pick('retentionDays'),
    quotaBytes: pick('quotaBytes'),
    minFreeBytes: pick('minFreeBytes'),
    alertPreSeconds: pick('alertPreSeconds'),
    alertPostSeconds: pick('alertPostSeconds'),
    maxRecorders: pick('maxRecorders'),
    maxClipExports: pick('maxClipExports'),
  };
}
