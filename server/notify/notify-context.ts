import type { SnapshotLinkSettings } from '../alerts/snapshot-link';
import type { SmsContext } from '../sms/sms-context';
import type { NotifySettings } from './notify-settings';

/** What notification rules and their sending need of the app. */
export interface NotifyContext extends SmsContext {
  /** Notification rules: the site's time zone, the console's public address, where webhooks may point. */
  readonly notify: NotifySettings;
  /** How the snapshot links in messages are signed and how long they last. */
  readonly snapshotLinks: SnapshotLinkSettings;
}
