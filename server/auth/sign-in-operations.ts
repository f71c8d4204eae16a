import type { AuthContext } from './auth-context';
import { userOfPassword } from './password-sign-in';
import { signInOrChallenge } from './second-factor';
import { revokeSession } from './sessions';
import { ApiError } from '../kernel/api-error';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

/** What signing in to a disabled account is told, by password or by SMS code. */
export const accountDisabled = () =>
  new ApiError('1001', {
    zh: '该账号已停用，请联系管理员',
    en: 'This account is disabled; ask an administrator',
  });

export const signInOperations = {
  async loginByPassword(input, ctx) {
    const { username, password } = input.body;
    input.audit.target = username;
    const call = { audit: input.audit, address: input.client.countsAs };
    const user = await userOfPassword(ctx, call, username, password);
    if (user.status !== 'enabled') throw accountDisabled();
    input.audit.actor = { userId: user.id, username: user.username };
    return signInOrChallenge(ctx, user, input.client);
  },

  async logout(input, ctx) {
    await revokeSession(ctx, requireSession(input).tokenHash);
    return null;
  },
} satisfies SomeOperationHandlers<AuthContext>;
