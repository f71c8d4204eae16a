import type { AuthContext } from '../auth/auth-context';
import type { WindowLimit } from '../auth/sliding-window';
import type { SmsSender } from './sms-sender';

/** What sending SMS (sign-in codes, notifications) needs of the app. */
export interface SmsContext extends AuthContext {
  readonly smsSender: SmsSender;
  /** The notification settings' limit of messages to one phone, which every SMS counts against. */
  readonly notify: { readonly smsPerPhone: WindowLimit };
}
