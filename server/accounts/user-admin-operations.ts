import { lockAccounts } from './account-lock';
import { generatePassword } from './generated-password';
import { checkUserTargets } from './grant-rules';
import { userOperationIds, userResource } from './user-resource';
import { setPassword } from './users';
import { removeSecondFactor } from '../auth/second-factor';
import { endSessions, listSessions, noSuchSession, sessionIdOf } from '../auth/session-list';
import { clearCodeFailures } from '../auth/sign-in-attempts';
import type { AuthContext } from '../auth/auth-context';
import type { Db } from '../db/open-database';
import type { OperationInput } from '../operations/operation-handler';
import type { LocalText } from '../kernel/locale';
import { createValueCheck } from '../contract/value-check';
import { refusal } from '../kernel/api-error';
import { resourceOperations } from '../resources/resource-handlers';
import { notFound } from '../resources/resource-service';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

export const userAdminOperations = {
  ...resourceOperations(userResource, userOperationIds),

  /**
   * A random password shown once; the user's sessions end and a sign-in lock on the name lifts.
   * Only for a user holding nothing beyond the caller: the new password signs in as them.
   */
  async resetUserPassword(input, ctx) {
    const { userId, user } = await otherUser(input, ctx.db, {
      zh: '不能在此重置自己的密码，请在个人中心修改',
      en: 'change your own password in the personal centre, not here',
    });
    const password = generatePassword(createValueCheck(ctx.contract));
    await setPassword(ctx.db, ctx.clock, user, password, (trx) =>
      checkUserTargets(trx, userId, [user.id], 'id'),
    );
    input.audit.detail = {
      zh: '已重置密码，并结束该用户的全部会话',
      en: 'reset the password and ended all sessions of the user',
    };
    return { password };
  },

  /** For a lost device: the user signs in with the password alone until they enrol again. */
  async resetUserSecondFactor(input, ctx) {
    const { userId, user } = await otherUser(input, ctx.db, {
      zh: '不能在此重置自己的两步验证，请在个人中心设置',
      en: 'set up your own second factor in the personal centre, not here',
    });
    await ctx.db.transaction().execute(async (trx) => {
      await lockAccounts(trx);
      await checkUserTargets(trx, userId, [user.id], 'id');
      await removeSecondFactor(trx, user.id);
      await clearCodeFailures(trx, user.username);
    });
    input.audit.detail = { zh: '已重置两步验证', en: 'reset the second factor' };
    return null;
  },

  /** 用户管理 → a user's sessions, as the user sees them in the personal centre. */
  async listUserSessions(input, ctx) {
    const { user, tokenHash } = await sessionsOwner(input, ctx, {
      zh: '不能在此查看自己的会话，请在个人中心查看',
      en: 'see your own sessions in the personal centre, not here',
    });
    return listSessions(ctx, user.id, tokenHash);
  },

  async endUserSession(input, ctx) {
    const { user } = await sessionsOwner(input, ctx, endOwnSessions);
    const { sessionId } = input.params;
    const [ended] = await endSessions(ctx, user.id, (hash) => sessionIdOf(hash) === sessionId);
    if (!ended) throw noSuchSession();
    input.audit.detail = {
      zh: `结束了该用户在 ${ended.device} 上的会话`,
      en: `ended the user's session on ${ended.device}`,
    };
    return null;
  },

  async endUserSessions(input, ctx) {
    const { user } = await sessionsOwner(input, ctx, endOwnSessions);
    const ended = (await endSessions(ctx, user.id, () => true)).length;
    input.audit.detail = {
      zh: `结束了该用户的 ${ended} 个会话`,
      en: `ended ${ended} session(s) of the user`,
    };
    return { ended };
  },
} satisfies SomeOperationHandlers<AuthContext>;

const endOwnSessions: LocalText = {
  zh: '不能在此结束自己的会话，请在个人中心操作',
  en: 'end your own sessions in the personal centre, not here',
};

/**
 * The user whose sessions a call reads or ends: another user (as `otherUser`) holding nothing beyond
 * the caller, whose sessions could otherwise be watched or cut by a weaker administrator.
 */
async function sessionsOwner(
  input: Pick<OperationInput<'endUserSessions'>, 'params' | 'session' | 'audit'>,
  ctx: AuthContext,
  notYourself: LocalText,
) {
  const { userId, user } = await otherUser(input, ctx.db, notYourself);
  await checkUserTargets(ctx.db, userId, [user.id], 'id');
  return { user, tokenHash: requireSession(input).tokenHash };
}

/**
 * The user a call names by id, never the caller: what only another user's administrator does to
 * them (a new password, a reset second factor, their sessions ended). Sets the log's target.
 */
async function otherUser(
  input: Pick<OperationInput<'resetUserPassword'>, 'params' | 'session' | 'audit'>,
  db: Db,
  notYourself: LocalText,
) {
  const { id } = input.params;
  input.audit.target = `#${id}`;
  const { userId } = requireSession(input);
  if (id === userId) throw refusal([{ field: 'id', message: notYourself }]);
  const user = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw notFound(id);
  input.audit.target = `#${user.id} ${user.username}`;
  return { userId, user };
}
