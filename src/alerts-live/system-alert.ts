import type { LocalText } from '../generated/settings';
import type { Alert } from './live-alert-store';

/** An alert the console raised itself (a device's health, a gate): no snapshot, boxes or confidence. */
export const isSystemAlert = (alert: Pick<Alert, 'source'>) => alert.source !== 'ai';

/** Which device an alert is about: an AI server's alert has no camera, so the server names it. */
export const alertPlace = (alert: Pick<Alert, 'cameraName' | 'aiServerName'>) =>
  alert.cameraName || alert.aiServerName;

/** What stands in for the snapshot of a system alert. */
export const systemAlertTexts = {
  device: { zh: '设备告警', en: 'Device alert' },
  access: { zh: '门禁告警', en: 'Access alert' },
} satisfies Record<'device' | 'access', LocalText>;
