import type { DesktopPermission } from './desktop-permission';

/**
 * Whether to offer desktop notifications: once (until answered either way), to a holder of the
 * alert key whose switch is off, in a browser that could still show them.
 */
export function desktopOfferShown(state: {
  readonly holdsAlertKey: boolean;
  readonly notificationsOn: boolean;
  readonly answered: boolean;
  readonly permission: DesktopPermission;
}): boolean {
  return (
    state.holdsAlertKey &&
    !state.notificationsOn &&
    !state.answered &&
    state.permission !== 'denied' &&
    state.permission !== 'unsupported'
  );
}
