import type { StreamAlerts } from '../cameras/cameras-context';
import type { Db } from '../db/open-database';
import type { AlertLevel } from '../db/schema';
import type { LocalText } from '../kernel/locale';
import type { AlertHooks } from './alert-hooks';
import { insertSystemAlert } from './system-alerts';

/** When devices count as failed and how loud their alerts are (the CFOP_HEALTH_* settings). */
export interface HealthSettings {
  /** Silence after which an AI server and its cameras count as offline. */
  readonly offlineAfterSeconds: number;
  /** The level of an AI server going offline and of a camera losing its stream. */
  readonly offlineLevel: AlertLevel;
  /** The level of their coming back. */
  readonly backLevel: AlertLevel;
}

/**
 * Three missed heartbeats of a box reporting every 30 s, so one lost packet or a slow restart does
 * not flap the wall between online and offline. A device failing needs someone to act (high); its
 * coming back only closes the story (low).
 */
export const defaultHealthSettings: HealthSettings = {
  offlineAfterSeconds: 90,
  offlineLevel: 'high',
  backLevel: 'low',
};

type DeviceAlertType = 'aiServerOffline' | 'aiServerOnline' | 'cameraStreamLost' | 'cameraStreamBack';

/** What the wall shows for each; the card beside it names the server or the camera. */
export const deviceAlertTitles: Readonly<Record<DeviceAlertType, LocalText>> = {
  aiServerOffline: { zh: 'AI服务器离线', en: 'AI server offline' },
  aiServerOnline: { zh: 'AI服务器恢复在线', en: 'AI server back online' },
  cameraStreamLost: { zh: '摄像头视频流中断', en: 'Camera stream lost' },
  cameraStreamBack: { zh: '摄像头视频流恢复', en: 'Camera stream back' },
};

const isFailure = (type: DeviceAlertType) => type === 'aiServerOffline' || type === 'cameraStreamLost';

/** Where a device alert points: the AI server (none for a camera without one), and the camera for a camera's alert. */
export interface DeviceRef {
  readonly aiServerId: number | null;
  readonly cameraId?: number;
}

/**
 * Stores one device alert per device that changed state, inside the transaction that changed it:
 * the state and its alert commit together, so a restart neither loses nor repeats one; `hooks` react
 * to it in the same transaction.
 */
export async function raiseDeviceAlerts(
  db: Db,
  settings: HealthSettings,
  now: Date,
  type: DeviceAlertType,
  devices: readonly DeviceRef[],
  hooks: AlertHooks,
): Promise<void> {
  for (const device of devices) {
    const alert = {
      source: 'device',
      type,
      level: isFailure(type) ? settings.offlineLevel : settings.backLevel,
      title: deviceAlertTitles[type],
      ...device,
      occurredAt: now.toISOString(),
    } as const;
    await insertSystemAlert(db, now.toISOString(), alert, hooks);
  }
}

/** The cameras' stream alerts, raised at these settings, `hooks` reacting to them. */
export const streamAlertsOf = (settings: HealthSettings, hooks: AlertHooks): StreamAlerts => ({
  raise: (db, now, type, cameras) => raiseDeviceAlerts(db, settings, now, type, cameras, hooks),
  committed: hooks.alertsCommitted,
});
