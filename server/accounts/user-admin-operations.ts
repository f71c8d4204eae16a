import { generatePassword } from './generated-password';
import { checkUserTargets } from './grant-rules';
import { userOperationIds, userResource } from './user-resource';
import { setPassword } from './users';
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
    const { id } = input.params;
    input.audit.target = `#${id}`;
    const { userId } = requireSession(input);
    if (id === userId) {
      throw refusal([
        {
          field: 'id',
          message: {
            zh: '不能在此重置自己的密码，请在个人中心修改',
            en: 'change your own password in the personal centre, not here',
          },
        },
      ]);
    }
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) throw notFound(id);
    input.audit.target = `#${user.id} ${user.username}`;
    const password = generatePassword(createValueCheck(ctx.contract));
    await setPassword(ctx.db, ctx.clock, user, password, (trx) => checkUserTargets(trx, userId, [id], 'id'));
    input.audit.detail = {
      zh: '已重置密码，并结束该用户的全部会话',
      en: 'reset the password and ended all sessions of the user',
    };
    return { password };
  },
} satisfies SomeOperationHandlers;
