import type { AuthContext } from './auth-context';
import {
  beginEnrolment,
  checkSecondFactor,
  confirmEnrolment,
  finishSignIn,
  pendingSignIn,
  wrongCode,
} from './second-factor';
import type { SomeOperationHandlers } from '../operations/operation-handler';

/** The second step of a sign-in, after a right password or SMS code answered a pending token. */
export const secondFactorOperations = {
  async loginWithSecondFactor(input, ctx) {
    const { pendingToken, code, recoveryCode } = input.body;
    const pending = await pendingSignIn(ctx, pendingToken, 'code');
    input.audit.target = pending.username;
    const proof = { code, recoveryCode };
    if (!(await checkSecondFactor(ctx, input.audit, pending, input.client.countsAs, proof)))
      throw wrongCode();
    input.audit.actor = { userId: pending.id, username: pending.username };
    if (recoveryCode !== undefined)
      input.audit.detail = { zh: '使用恢复码登录', en: 'signed in with a recovery code' };
    return finishSignIn(ctx, pending, input.client);
  },

  async beginSignInEnrolment(input, ctx) {
    const pending = await pendingSignIn(ctx, input.body.pendingToken, 'enrol');
    input.audit.target = pending.username;
    return beginEnrolment(ctx, pending);
  },

  async confirmSignInEnrolment(input, ctx) {
    const { pendingToken, code } = input.body;
    const pending = await pendingSignIn(ctx, pendingToken, 'enrol');
    input.audit.target = pending.username;
    const recoveryCodes = await confirmEnrolment(ctx, input.audit, pending, input.client.countsAs, code);
    input.audit.actor = { userId: pending.id, username: pending.username };
    input.audit.detail = { zh: '已开启两步验证', en: 'turned the second factor on' };
    return { session: await finishSignIn(ctx, pending, input.client), recoveryCodes };
  },
} satisfies SomeOperationHandlers<AuthContext>;
