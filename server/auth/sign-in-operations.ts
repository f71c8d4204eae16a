import type { AuthContext } from './auth-context';
import { accountDisabled, userOfPassword } from './password-sign-in';
import { completeOidcSignIn, providerSignOut } from './oidc/oidc-sign-in';
import { startPath } from './oidc/oidc-settings';
import { signInOrChallenge } from './second-factor';
import { revokeSession } from './sessions';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

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

  async getSignInOptions(_input, ctx) {
    const { oidc, contract } = ctx;
    return {
      singleSignOn: oidc
        ? { providerName: oidc.providerName, startPath: `${contract.basePath}${startPath}` }
        : null,
    };
  },

  async completeSingleSignOn(input, ctx) {
    return completeOidcSignIn(ctx, input.body.code, { audit: input.audit, client: input.client });
  },

  async logout(input, ctx) {
    const { tokenHash, userId } = requireSession(input);
    await revokeSession(ctx, tokenHash);
    return providerSignOut(ctx, userId);
  },
} satisfies SomeOperationHandlers<AuthContext>;
