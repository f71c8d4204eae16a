import type { Transaction } from 'kysely';
import type { SmsContext } from './sms-context';
import { waitForRoomMs, type WindowLimit } from '../auth/sliding-window';
import { later } from '../kernel/clock';
import { exclusiveTransaction } from '../db/exclusive-transaction';
import type { Database } from '../db/schema';
import type { LocalText } from '../kernel/locale';

/**
 * One budget for every SMS the console sends: each sign-in code, notification and test send is a
 * row of sms_sends, counted by CFOP_SMS_SENDS_PER_HOUR in all and, for notifications and test sends,
 * by CFOP_SMS_PHONE_SENDS_PER_HOUR per number (sign-in codes to a number count there too, but are
 * held by their own resend gap, so an alert storm never keeps anyone from signing in).
 */
type BudgetContext = Pick<SmsContext, 'db' | 'clock' | 'signInLimits' | 'notify'>;

/** Why an SMS has no room now, and how long until it has. */
export interface SmsNoRoom {
  readonly waitMs: number;
  readonly reason: LocalText;
}

/**
 * What notifications and test sends may take of the site's budget: all but a fifth, kept for the
 * sign-in codes, so a flood of alerts does not lock everyone out of signing in by SMS.
 */
export function notificationShare(site: WindowLimit): WindowLimit {
  return { ...site, limit: Math.max(1, site.limit - Math.ceil(site.limit / 5)) };
}

/** Forgets the sends no limit counts any more, in the caller's exclusive transaction. */
export async function forgetOldSmsSends(trx: Transaction<Database>, ctx: BudgetContext): Promise<void> {
  const { smsAddressSends, smsSends } = ctx.signInLimits;
  const longest = Math.max(smsAddressSends.windowMs, smsSends.windowMs, ctx.notify.smsPerPhone.windowMs);
  await trx
    .deleteFrom('sms_sends')
    .where('at', '<=', later(ctx.clock.now(), -longest).toISOString())
    .execute();
}

const siteFull: LocalText = {
  zh: '短信发送量已达本小时上限（CFOP_SMS_SENDS_PER_HOUR）',
  en: 'the SMS budget of the hour is used up (CFOP_SMS_SENDS_PER_HOUR)',
};
const phoneFull: LocalText = {
  zh: '此号码本小时收到的短信已达上限（CFOP_SMS_PHONE_SENDS_PER_HOUR）',
  en: 'this number has had as many SMS as it may this hour (CFOP_SMS_PHONE_SENDS_PER_HOUR)',
};

/**
 * Takes room for one notification or test SMS to `phone` now: recorded against the budget and
 * answered null, or, when the site's share or the number's cap is full, nothing recorded and the
 * wait answered. Counting and recording are one step under concurrency, as for sign-in codes.
 */
export function takeNotificationSms(ctx: BudgetContext, phone: string): Promise<SmsNoRoom | null> {
  return exclusiveTransaction(ctx.db, ['sms_sends'], async (trx) => {
    await forgetOldSmsSends(trx, ctx);
    const siteWaitMs = await waitForRoomMs(
      ctx.clock,
      notificationShare(ctx.signInLimits.smsSends),
      trx.selectFrom('sms_sends'),
    );
    if (siteWaitMs > 0) return { waitMs: siteWaitMs, reason: siteFull };
    const toPhone = trx.selectFrom('sms_sends').where('phone', '=', phone);
    const phoneWaitMs = await waitForRoomMs(ctx.clock, ctx.notify.smsPerPhone, toPhone);
    if (phoneWaitMs > 0) return { waitMs: phoneWaitMs, reason: phoneFull };
    await trx
      .insertInto('sms_sends')
      .values({ address: '', phone, at: ctx.clock.now().toISOString() })
      .execute();
    return null;
  });
}
