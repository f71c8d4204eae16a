import { api, call, toast } from '../api';
import type { LocalText } from '../generated/settings';
import type { CurrentUser } from '../session';
import { unlockAlertSound } from './alert-sound';
import { askDesktopPermission, desktopPermission, type DesktopPermission } from './desktop-permission';
import { notificationTexts as texts } from './notification-texts';

/**
 * Turns the user's desktop alert notifications on or off. Call it from the user's click: turning
 * them on asks the browser's permission and readies the sound from that click (browsers ignore a
 * request or audio started later). Saves the switch with the account and says so; answers the
 * browser's permission, or throws when the save failed (the api layer told the user why).
 */
export async function saveAlertNotifications(
  enabled: boolean,
  session: { updateCurrentUser(user: CurrentUser): void; t(text: LocalText): string },
): Promise<DesktopPermission> {
  const asked = enabled ? askDesktopPermission() : Promise.resolve(desktopPermission());
  if (enabled) unlockAlertSound();
  session.updateCurrentUser(await call(api.PUT('/user/alert-notifications', { body: { enabled } })));
  toast('success', session.t(enabled ? texts.saved : texts.savedOff));
  return asked;
}
