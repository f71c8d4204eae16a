import { randomInt, timingSafeEqual } from 'node:crypto';
import type { components } from '../../src/generated/openapi';
import type { SmsContext } from './sms-context';
import { waitForRoomMs } from '../auth/sliding-window';
import { later } from '../kernel/clock';
import { exclusiveTransaction } from '../db/exclusive-transaction';
import { sha256Hex } from '../kernel/session-token';
import { ApiError, retryLater } from '../kernel/api-error';
import { forgetOldSmsSends } from './sms-budget';
import type { SmsMessage } from './sms-sender';

const codeLifeMs = 5 * 60_000;
const resendGapMs = 60_000;
const triesPerCode = 5;

/**
 * Issues a fresh code for the phone, replacing any earlier one. Every phone is treated alike (the
 * code is stored, the resend gap and the send limits apply), but only a known, enabled user's phone
 * gets the SMS, so the answer never tells whether a phone has an account. Besides the gap per
 * phone, the codes asked for from one address, and in all, are limited (signInLimits); a code is
 * one SMS of the site's budget that notifications share (sms-budget.ts).
 */
export async function issueSmsCode(
  ctx: Pick<SmsContext, 'db' | 'clock' | 'signInLimits' | 'smsSender' | 'background' | 'notify'>,
  phone: string,
  address: string,
): Promise<components['schemas']['SmsCodeSent']> {
  const now = ctx.clock.now();
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  // Counting and recording a send must be one step under concurrency.
  const recipient = await exclusiveTransaction(ctx.db, ['sms_sends', 'sms_codes'], async (trx) => {
    const last = await trx
      .selectFrom('sms_codes')
      .select('created_at')
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const waitMs = last ? Date.parse(last.created_at) + resendGapMs - now.getTime() : 0;
    if (waitMs > 0) throw tooSoon(waitMs);
    const { smsAddressSends, smsSends } = ctx.signInLimits;
    await forgetOldSmsSends(trx, ctx);
    const fromAddress = trx.selectFrom('sms_sends').where('address', '=', address);
    const addressWaitMs = await waitForRoomMs(ctx.clock, smsAddressSends, fromAddress);
    if (addressWaitMs > 0) throw tooManyFromAddress(addressWaitMs);
    const allWaitMs = await waitForRoomMs(ctx.clock, smsSends, trx.selectFrom('sms_sends'));
    if (allWaitMs > 0) throw tooManyInAll(allWaitMs);
    await trx.insertInto('sms_sends').values({ address, phone, at: now.toISOString() }).execute();
    // Expired rows can go: the resend gap only ever looks at codes younger than their life.
    await trx
      .deleteFrom('sms_codes')
      .where((eb) => eb.or([eb('phone', '=', phone), eb('expires_at', '<=', now.toISOString())]))
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        phone,
        code_hash: codeHash(phone, code),
        created_at: now.toISOString(),
        expires_at: later(now, codeLifeMs).toISOString(),
        attempts: 0,
        used_at: null,
      })
      .execute();
    return trx
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('status', '=', 'enabled')
      .executeTakeFirst();
  });
  if (recipient) {
    const message = smsMessage(now, phone, code);
    // Not awaited: a slow gateway must not make known phones answer slower than unknown ones.
    ctx.background.run('sending an SMS code', () => ctx.smsSender.send(message));
  }
  return { resendAfterSeconds: resendGapMs / 1000, expiresInSeconds: codeLifeMs / 1000 };
}

/** True once for the right code within its life; each wrong try counts, and the fifth spends the code. */
export async function consumeSmsCode(ctx: SmsContext, phone: string, code: string): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('sms_codes')
      .select(['id', 'code_hash'])
      .where('phone', '=', phone)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', triesPerCode)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row) return false;
    const matches = timingSafeEqual(
      Buffer.from(row.code_hash, 'hex'),
      Buffer.from(codeHash(phone, code), 'hex'),
    );
    await trx
      .updateTable('sms_codes')
      .set(matches ? { used_at: now } : (eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    return matches;
  });
}

export const wrongSmsCode = () =>
  new ApiError('1002', { zh: '短信验证码错误或已失效', en: 'The SMS code is wrong or no longer valid' });

function codeHash(phone: string, code: string): string {
  return sha256Hex(`${phone}:${code}`);
}

function smsMessage(now: Date, phone: string, code: string): SmsMessage {
  const minutes = codeLifeMs / 60_000;
  return {
    at: now.toISOString(),
    phone,
    code,
    text: `验证码 ${code}，${minutes} 分钟内有效，请勿告诉他人。Your sign-in code is ${code}; it is valid for ${minutes} minutes.`,
  };
}

function tooSoon(waitMs: number): ApiError {
  return retryLater('429', waitMs, (s) => ({
    zh: `验证码发送过于频繁，请 ${s} 秒后再试`,
    en: `A code was sent moments ago; try again in ${s} seconds`,
  }));
}

function tooManyFromAddress(waitMs: number): ApiError {
  return retryLater('429', waitMs, (s) => ({
    zh: `此地址请求验证码过于频繁，请 ${s} 秒后再试`,
    en: `Too many codes asked for from this address; try again in ${s} seconds`,
  }));
}

function tooManyInAll(waitMs: number): ApiError {
  return retryLater('429', waitMs, (s) => ({
    zh: `短信发送量已达上限，请 ${s} 秒后再试`,
    en: `The server has sent as many SMS codes as it may for now; try again in ${s} seconds`,
  }));
}
