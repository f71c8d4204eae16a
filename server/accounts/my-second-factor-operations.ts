import type { AuthContext } from '../auth/auth-context';
import { verifyPassword } from '../auth/password-hash';
import {
  beginEnrolment,
  checkSecondFactor,
  confirmEnrolment,
  removeSecondFactor,
  secondFactorOn,
  secondFactorRequired,
  wrongCode,
  type SignInUser,
} from '../auth/second-factor';
import { checkGuess } from '../auth/sign-in-attempts';
import { ApiError, refusal } from '../kernel/api-error';
import type { ActiveSession } from '../operations/caller';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

async function caller(
  input: { readonly session: ActiveSession | null },
  ctx: AuthContext,
): Promise<SignInUser> {
  return ctx.db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', requireSession(input).userId)
    .executeTakeFirstOrThrow();
}

const wrongPassword = { zh: '密码错误', en: 'The password is wrong' };

/** The signed-in user's own second factor (个人中心 → 两步验证). */
export const mySecondFactorOperations = {
  async getSecondFactor(input, ctx) {
    const { userId } = requireSession(input);
    const enabled = await secondFactorOn(ctx, userId);
    const { left } = await ctx.db
      .selectFrom('user_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('left'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      enabled,
      required: await secondFactorRequired(ctx, userId),
      recoveryCodesLeft: enabled ? Number(left) : 0,
    };
  },

  async beginTotpEnrolment(input, ctx) {
    return beginEnrolment(ctx, await caller(input, ctx));
  },

  async confirmTotpEnrolment(input, ctx) {
    const user = await caller(input, ctx);
    const recoveryCodes = await confirmEnrolment(
      ctx,
      input.audit,
      user,
      input.client.countsAs,
      input.body.code,
    );
    input.audit.detail = { zh: '已开启两步验证', en: 'turned the second factor on' };
    return { recoveryCodes };
  },

  async disableSecondFactor(input, ctx) {
    const user = await caller(input, ctx);
    if (await secondFactorRequired(ctx, user.id)) {
      throw refusal([
        {
          field: 'secondFactor',
          message: {
            zh: '管理员必须开启两步验证（CFOP_REQUIRE_MFA_FOR），不能关闭',
            en: 'administrators must keep it on here (CFOP_REQUIRE_MFA_FOR)',
          },
        },
      ]);
    }
    const { password, ...proof } = input.body;
    const address = input.client.countsAs;
    if (password !== undefined) {
      const { password_hash } = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const guess = { method: 'password', principal: user.username, address } as const;
      const right = await checkGuess(ctx, input.audit, guess, () =>
        ctx.passwordHashing.run(address, () => verifyPassword(password, password_hash)),
      );
      if (!right) throw new ApiError('1003', wrongPassword, [{ field: 'password', message: wrongPassword }]);
    } else if (!(await checkSecondFactor(ctx, input.audit, user, address, proof))) {
      throw wrongCode();
    }
    await ctx.db.transaction().execute((trx) => removeSecondFactor(trx, user.id));
    input.audit.detail = { zh: '已关闭两步验证', en: 'turned the second factor off' };
    return null;
  },
} satisfies SomeOperationHandlers<AuthContext>;
