import type { AuthContext } from './auth-context';
import { endSessions, listSessions, noSuchSession, sessionIdOf } from './session-list';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

/** The signed-in user's own sessions (个人中心 → 登录会话). */
export const sessionOperations = {
  async listMySessions(input, ctx) {
    const { userId, tokenHash } = requireSession(input);
    return listSessions(ctx, userId, tokenHash);
  },

  async endMySession(input, ctx) {
    const { userId } = requireSession(input);
    const { sessionId } = input.params;
    input.audit.target = sessionId;
    const ended = await endSessions(ctx, userId, (hash) => sessionIdOf(hash) === sessionId);
    if (ended.length === 0) throw noSuchSession();
    return null;
  },

  async endOtherSessions(input, ctx) {
    const { userId, tokenHash } = requireSession(input);
    const ended = (await endSessions(ctx, userId, (hash) => hash !== tokenHash)).length;
    input.audit.detail = { zh: `结束了 ${ended} 个其他会话`, en: `ended ${ended} other session(s)` };
    return { ended };
  },
} satisfies SomeOperationHandlers<AuthContext>;
