import { api, call } from '../../api';
import type { components } from '../../generated/openapi';
import type { Access } from '../../session';
import { filteredUrl, screenOf } from '../shared/screen-links';
import type { SetupFacts } from './setup-checklist';

type RecordingMode = components['schemas']['RecordingMode'];
export type RecordingUsage = components['schemas']['RecordingUsage'];

/** Which of the status page's blocks the user may see: each needs its screen's key. */
export interface StatusKeys {
  readonly alerts: boolean;
  readonly aiServers: boolean;
  readonly cameras: boolean;
  readonly recordings: boolean;
}

export function statusKeysOf(access: Access): StatusKeys {
  return {
    alerts: access['KEY.CENTER.AIWARN'],
    aiServers: access['KEY.DEVICE.AISERVER'],
    cameras: access['KEY.DEVICE.CAMERA'],
    recordings: access['KEY.CENTER.PLAYBACK'],
  };
}

export const holdsStatusKey = (keys: StatusKeys) =>
  keys.alerts || keys.aiServers || keys.cameras || keys.recordings;

/** The names shown of the offline devices; the count says how many more there are. */
export const namesShown = 3;
/**
 * Offline cameras read at once (the list's most): their recording modes tell how many recordings
 * have stopped. Beyond that many offline, the figure counts the newest this many.
 */
export const camerasRead = 100;

/** Offline devices of one kind: how many, and the newest few names. */
export interface OfflineDevices {
  readonly total: number;
  readonly capped: boolean;
  readonly names: readonly string[];
}

/** Offline cameras that should be recording: their recordings have a gap from when they dropped. */
export interface RecordingGaps {
  readonly count: number;
  /** More cameras are offline than were read: `count` is a floor. */
  readonly partial: boolean;
}

export interface DeviceStatus {
  readonly aiServers?: OfflineDevices;
  readonly cameras?: OfflineDevices & { readonly recordingGaps: RecordingGaps };
  readonly recordings?: RecordingUsage;
}

/** How full the recordings' quota is, in percent (0–100), or null without a quota. */
/**
 * The sweep's removals the storage block tells of: all but those of footage recorded around alerts
 * only with no alert near, which that mode removes by design. An alert's footage first: its loss is
 * the one to notice.
 */
export function shownRemovals(usage: RecordingUsage): RecordingUsage['removals'] {
  return usage.removals
    .filter((removal) => removal.reason !== 'noAlert')
    .sort((a, b) => Number(b.kind === 'alert') - Number(a.kind === 'alert'));
}

/** An alert's footage went for room (the quota, the disk), not its age: the site keeps too little. */
export const removalAlarms = (removal: RecordingUsage['removals'][number]) =>
  removal.kind === 'alert' && (removal.reason === 'quota' || removal.reason === 'disk');

export function quotaUsed(usage: RecordingUsage): number | null {
  if (usage.quotaBytes === null || usage.quotaBytes === 0) return null;
  return Math.min(100, Math.round((usage.bytes / usage.quotaBytes) * 100));
}

/** A quota this full is shown as a warning: the oldest footage goes soon. */
export const quotaWarnPercent = 90;

interface DevicePage<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly totalCapped: boolean;
}

export function offlineDevices(page: DevicePage<{ readonly name: string }>): OfflineDevices {
  return {
    total: page.total,
    capped: page.totalCapped,
    names: page.items.slice(0, namesShown).map((device) => device.name),
  };
}

export function recordingGaps(page: DevicePage<{ readonly recordingMode: RecordingMode }>): RecordingGaps {
  return {
    count: page.items.filter((camera) => camera.recordingMode !== 'off').length,
    partial: page.total > page.items.length,
  };
}

/** Where each block leads: its screen, filtered to what the block counts. */
export const statusLinks = {
  pending: (level?: string) => filteredUrl(screenOf('alert'), { status: 'pending', level }),
  offlineAiServers: () => filteredUrl(screenOf('aiserver'), { status: 'offline' }),
  offlineCameras: () => filteredUrl(screenOf('camera'), { status: 'offline' }),
};

// The home page shows what it could read; a failure is the next read's to mend, never a toast.
const quiet = { skipErrorHandler: true };

/** The offline devices the user may see, newest first (each list's default order), and the recordings' storage. */
export async function readDeviceStatus(keys: StatusKeys): Promise<DeviceStatus> {
  const [aiServers, cameras, recordings] = await Promise.all([
    keys.aiServers
      ? call(api.GET('/aiservers', { params: { query: { status: 'offline', pageSize: namesShown } } }), quiet)
      : null,
    keys.cameras
      ? call(api.GET('/cameras', { params: { query: { status: 'offline', pageSize: camerasRead } } }), quiet)
      : null,
    keys.recordings ? call(api.GET('/recordings/usage'), quiet) : null,
  ]);
  return {
    ...(aiServers ? { aiServers: offlineDevices(aiServers) } : {}),
    ...(cameras ? { cameras: { ...offlineDevices(cameras), recordingGaps: recordingGaps(cameras) } } : {}),
    ...(recordings ? { recordings } : {}),
  };
}

/** Whether a list has any row: one row is enough to know. */
const anyRow = (page: { readonly total: number }) => page.total > 0;

/**
 * The setup checklist's facts, each read only when the user holds its key. A task is found on the
 * newest cameras' task counts, enough for an install being set up (one with more cameras
 * than that and no task on its newest is a rare sight, and its checklist can be dismissed).
 */
export async function readSetupFacts(access: Access): Promise<SetupFacts> {
  const [aiServers, cameras, rules] = await Promise.all([
    access['KEY.DEVICE.AISERVER']
      ? call(api.GET('/aiservers', { params: { query: { pageSize: 1 } } }), quiet)
      : null,
    access['KEY.DEVICE.CAMERA']
      ? call(api.GET('/cameras', { params: { query: { pageSize: camerasRead } } }), quiet)
      : null,
    access['KEY.SYSTEM.NOTIFY']
      ? call(api.GET('/notify-rules', { params: { query: { pageSize: 1 } } }), quiet)
      : null,
  ]);
  return {
    ...(aiServers ? { aiServer: anyRow(aiServers) } : {}),
    ...(cameras
      ? { camera: anyRow(cameras), task: cameras.items.some((camera) => camera.taskCount > 0) }
      : {}),
    ...(rules ? { rule: anyRow(rules) } : {}),
  };
}
