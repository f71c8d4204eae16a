import type { FastifyRequest } from 'fastify';
import type { HttpContext } from '../http-context';
import { userAccessKeys } from '../../auth/session-grants';
import { ApiError } from '../../kernel/api-error';
import { callOf } from './operation-call';

const lacksAccess = (key: string) =>
  new ApiError('403', { zh: `没有权限（需要 ${key}）`, en: `Access denied (needs ${key})` });

/**
 * onRequest, after authenticate: the caller of a keyed operation must hold its `x-access` key
 * (403), before the body is read, so a caller without it learns nothing of the operation's input.
 */
export function checkAccess(ctx: HttpContext, key: string) {
  return async (request: FastifyRequest): Promise<void> => {
    // authenticate answered 401 to a keyed call without a session; none here therefore holds no key.
    const { session } = callOf(request);
    const held = session ? await userAccessKeys(ctx.db, session.userId) : new Set<string>();
    if (!held.has(key)) throw lacksAccess(key);
  };
}
