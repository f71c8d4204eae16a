import { isLinked, signInThroughSource } from '../auth/external-identity';
import { accountDisabled } from '../auth/password-sign-in';
import { checkGuess, type Guess } from '../auth/sign-in-attempts';
import { signInOrChallenge } from '../auth/second-factor';
import type { SomeOperationHandlers } from '../operations/operation-handler';
import { consumeSmsCode, issueSmsCode, wrongSmsCode } from './sms-codes';
import type { SmsContext } from './sms-context';

/** Signing in by a code sent by SMS: asking for the code, and signing in with it. */
export const smsSignInOperations = {
  async sendSmsCode(input, ctx) {
    const { phone } = input.body;
    input.audit.target = phone;
    // Anyone may ask, as often as the limits allow: sends are tallied, not logged one by one.
    input.audit.tallied = true;
    return issueSmsCode(ctx, phone, input.client.countsAs);
  },

  async loginBySms(input, ctx) {
    const { phone, code } = input.body;
    input.audit.target = phone;
    const guess: Guess = { method: 'sms', principal: phone, address: input.client.countsAs };
    if (!(await checkGuess(ctx, input.audit, guess, () => consumeSmsCode(ctx, phone, code))))
      throw wrongSmsCode();
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'status'])
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (!user) throw wrongSmsCode();
    if (user.status !== 'enabled') throw accountDisabled();
    if (await isLinked(ctx.db, user.id)) throw signInThroughSource();
    input.audit.actor = { userId: user.id, username: user.username };
    return signInOrChallenge(ctx, user, input.client);
  },
} satisfies SomeOperationHandlers<SmsContext>;
