import type { AuthContext } from './auth-context';
import { decoyHash, verifyPassword } from './password-hash';
import { checkGuess, type Guess } from './sign-in-attempts';
import { signInOrChallenge } from './second-factor';
import { revokeSession } from './sessions';
import { findUserByName } from './user-names';
import { ApiError } from '../kernel/api-error';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

const wrongCredentials = () =>
  new ApiError('1001', { zh: '用户名或密码错误', en: 'Wrong user name or password' });

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
    const address = input.client.countsAs;
    const user = await findUserByName(ctx.db, username);
    const guess: Guess = { method: 'password', principal: username, address };
    // An unknown name is checked against a decoy hash, so it costs the same time as a wrong password.
    const matches = await checkGuess(ctx, input.audit, guess, () =>
      ctx.passwordHashing.run(address, async () =>
        verifyPassword(password, user?.password_hash ?? (await decoyHash())),
      ),
    );
    if (!user || !matches) throw wrongCredentials();
    if (user.status !== 'enabled') throw accountDisabled();
    input.audit.actor = { userId: user.id, username: user.username };
    return signInOrChallenge(ctx, user, input.client);
  },

  async logout(input, ctx) {
    await revokeSession(ctx, requireSession(input).tokenHash);
    return null;
  },
} satisfies SomeOperationHandlers<AuthContext>;
