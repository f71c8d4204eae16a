import { keptDays, wholeSeconds, type SettingsReader } from '../kernel/env-settings';

/** How recordings are cut, kept and bounded (CFOP_RECORDING_*); read by readRecordingSettings. */
export interface RecordingSettings {
  /** Length of a segment: ffmpeg cuts at the first key frame after it (CFOP_RECORDING_SEGMENT_SECONDS). */
  readonly segmentSeconds: number;
  /** Segments older than this many days are removed (CFOP_RECORDING_RETENTION_DAYS). */
  readonly retentionDays: number;
  /**
   * Footage of an alert (a segment an alert's clip window covers) is kept this many days instead,
   * and removed last under the quota and the disk's floor (CFOP_RECORDING_ALERT_RETENTION_DAYS).
   */
  readonly alertRetentionDays: number;
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
  /** H.264 copies of H.265 segments made at most at once, for browsers that cannot decode it; 0: none (CFOP_RECORDING_MAX_TRANSCODES). */
  readonly maxTranscodes: number;
  /** The H.264 copies kept for playing again stay within this many bytes (CFOP_RECORDING_TRANSCODE_CACHE_MB). */
  readonly transcodeCacheBytes: number;
}

export const gigabyte = 1e9;
const megabyte = 1e6;

export const defaultRecordingSettings: RecordingSettings = {
  segmentSeconds: 10,
  retentionDays: 30,
  alertRetentionDays: 90,
  quotaBytes: null,
  minFreeBytes: 2 * gigabyte,
  alertPreSeconds: 30,
  alertPostSeconds: 30,
  maxRecorders: 16,
  maxClipExports: 2,
  maxTranscodes: 2,
  transcodeCacheBytes: 1000 * megabyte,
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
    alertRetentionDays: pick('alertRetentionDays'),
    quotaBytes: pick('quotaBytes'),
    minFreeBytes: pick('minFreeBytes'),
    alertPreSeconds: pick('alertPreSeconds'),
    alertPostSeconds: pick('alertPostSeconds'),
    maxRecorders: pick('maxRecorders'),
    maxClipExports: pick('maxClipExports'),
    maxTranscodes: pick('maxTranscodes'),
    transcodeCacheBytes: pick('transcodeCacheBytes'),
  };
}

/** Reads the CFOP_RECORDING_* settings: sizes in GB, lengths in seconds. */
export function readRecordingSettings(settings: SettingsReader): { readonly recording: RecordingSettings } {
  const fallback = defaultRecordingSettings;
  const number: SettingsReader['number'] = (name, setting) => settings.number(name, setting);
  const seconds = { min: 0, max: 3600, noun: wholeSeconds };
  const gb = { min: 0, max: 1_000_000, whole: false, noun: { zh: 'GB 数', en: 'a number of GB' } };
  const quotaGb = number('CFOP_RECORDING_QUOTA_GB', { ...gb, fallback: 0 });
  return {
    recording: {
      segmentSeconds: number('CFOP_RECORDING_SEGMENT_SECONDS', {
        ...seconds,
        min: 2,
        max: 600,
        fallback: fallback.segmentSeconds,
      }),
      retentionDays: number('CFOP_RECORDING_RETENTION_DAYS', {
        ...keptDays,
        fallback: fallback.retentionDays,
      }),
      alertRetentionDays: number('CFOP_RECORDING_ALERT_RETENTION_DAYS', {
        ...keptDays,
        fallback: fallback.alertRetentionDays,
      }),
      quotaBytes: quotaGb === 0 ? null : Math.round(quotaGb * gigabyte),
      minFreeBytes: Math.round(
        number('CFOP_RECORDING_MIN_FREE_GB', { ...gb, fallback: fallback.minFreeBytes / gigabyte }) *
          gigabyte,
      ),
      alertPreSeconds: number('CFOP_RECORDING_ALERT_PRE_SECONDS', {
        ...seconds,
        fallback: fallback.alertPreSeconds,
      }),
      alertPostSeconds: number('CFOP_RECORDING_ALERT_POST_SECONDS', {
        ...seconds,
        fallback: fallback.alertPostSeconds,
      }),
      maxRecorders: number('CFOP_RECORDING_MAX_STREAMS', {
        min: 0,
        max: 1000,
        fallback: fallback.maxRecorders,
      }),
      maxClipExports: number('CFOP_RECORDING_MAX_CLIP_EXPORTS', {
        min: 1,
        max: 64,
        fallback: fallback.maxClipExports,
      }),
      maxTranscodes: number('CFOP_RECORDING_MAX_TRANSCODES', {
        min: 0,
        max: 64,
        fallback: fallback.maxTranscodes,
      }),
      transcodeCacheBytes:
        number('CFOP_RECORDING_TRANSCODE_CACHE_MB', {
          min: 10,
          max: 1_000_000,
          fallback: fallback.transcodeCacheBytes / megabyte,
        }) * megabyte,
    },
  };
}
