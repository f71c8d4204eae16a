import type { AuthContext } from '../auth/auth-context';
import { loadCurrentUser } from './current-user';
import { setPassword } from './users';
import { verifyPassword } from '../auth/password-hash';
import { checkGuess, type Guess } from '../auth/sign-in-attempts';
import { ApiError, badInput } from '../kernel/api-error';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

const wrongOldPassword = { zh: '原密码错误', en: 'The old password is wrong' };

export const currentUserOperations = {
  async getCurrentUser(input, ctx) {
    return loadCurrentUser(ctx, requireSession(input).userId);
  },

  async setAlertNotifications(input, ctx) {
    const { userId } = requireSession(input);
    await ctx.db
      .updateTable('users')
      .set({ alert_notifications: input.body.enabled ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
    return loadCurrentUser(ctx, userId);
  },

  async changePassword(input, ctx) {
    const { oldPassword, newPassword } = input.body;
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'password_hash'])
      .where('id', '=', requireSession(input).userId)
      .executeTakeFirstOrThrow();
    // The old password is a guess like a sign-in's: a session left open must not try it unbounded.
    const guess: Guess = { method: 'password', principal: user.username, address: input.client.countsAs };
    const matches = await checkGuess(ctx, input.audit, guess, () =>
      ctx.passwordHashing.run(input.client.countsAs, () => verifyPassword(oldPassword, user.password_hash)),
    );
    if (!matches) {
      throw new ApiError('1003', wrongOldPassword, [{ field: 'oldPassword', message: wrongOldPassword }]);
    }
    if (newPassword === oldPassword) {
      throw badInput([
        {
          field: 'newPassword',
          message: { zh: '不能与原密码相同', en: 'must differ from the old password' },
        },
      ]);
    }
    // Ends every session of the user, this one included: the console signs in again.
    await setPassword(ctx.db, ctx.clock, user, newPassword);
    return null;
  },
} satisfies SomeOperationHandlers<AuthContext>;
