import type { AccessKey } from '../../src/generated/access';
import type { Notice } from './notice';

/**
 * A rule forwards only what its author may see in the console: it is the author's own reach, sent
 * on to the rule's receivers. The alert wall and its snapshots need KEY.CENTER.AIWARN (x-access of
 * listAlerts, getAlertSnapshot); a device's alert also tells of the device, whose pages need
 * KEY.DEVICE.CAMERA (a camera's stream) or KEY.DEVICE.AISERVER (an AI server going offline).
 */
export const alertKey: AccessKey = 'KEY.CENTER.AIWARN';
const cameraKey: AccessKey = 'KEY.DEVICE.CAMERA';
const aiServerKey: AccessKey = 'KEY.DEVICE.AISERVER';

/** The keys forwarding may ask of an author: those read with the rules (stored-rules.ts). */
export const forwardingKeys: readonly AccessKey[] = [alertKey, cameraKey, aiServerKey];

/** Whether an author holding `keys` may see the alert of `notice`. */
export function authorMaySee(keys: ReadonlySet<string>, notice: Notice): boolean {
  if (!keys.has(alertKey)) return false;
  if (notice.source !== 'device') return true;
  return keys.has(notice.cameraId !== null ? cameraKey : aiServerKey);
}
