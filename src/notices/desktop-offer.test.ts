import { describe, expect, it } from 'vitest';
import { desktopOfferShown } from './desktop-offer';

const asked = {
  holdsAlertKey: true,
  notificationsOn: false,
  answered: false,
  permission: 'default',
} as const;

describe('the one-time desktop notification offer', () => {
  it('is made to a holder of the alert key whose notifications are off', () => {
    expect(desktopOfferShown(asked)).toBe(true);
    expect(desktopOfferShown({ ...asked, permission: 'granted' })).toBe(true);
  });

  it('is not made again once answered, nor to someone already notified or without the key', () => {
    expect(desktopOfferShown({ ...asked, answered: true })).toBe(false);
    expect(desktopOfferShown({ ...asked, notificationsOn: true })).toBe(false);
    expect(desktopOfferShown({ ...asked, holdsAlertKey: false })).toBe(false);
  });

  it('is not made where the browser would show none', () => {
    expect(desktopOfferShown({ ...asked, permission: 'denied' })).toBe(false);
    expect(desktopOfferShown({ ...asked, permission: 'unsupported' })).toBe(false);
  });
});
