/**
 * Whether this page may show desktop notifications: the browser's answer, or `unsupported` where
 * it has no Notification API or the page is not a secure context (plain http other than
 * localhost), where browsers refuse them anyway.
 */
export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  return typeof Notification === 'undefined' || !window.isSecureContext
    ? 'unsupported'
    : Notification.permission;
}

/**
 * Asks the browser once when it has not answered yet. Call it from the user's click: browsers
 * ignore (or refuse) a request made without one.
 */
export function askDesktopPermission(): Promise<DesktopPermission> {
  const now = desktopPermission();
  if (now !== 'default') return Promise.resolve(now);
  return Notification.requestPermission().catch((): DesktopPermission => desktopPermission());
}
