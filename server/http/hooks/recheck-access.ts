import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpContext } from '../http-context';

/**
 * The operations whose success may end a session or take access away: signing out, ending sessions
 * from the session list, a new password, a user disabled, deleted or given other roles, a role
 * given other keys or deleted. Anything else
 * that does (a change made by hand in the database, the operator CLI) is caught by the periodic
 * re-check instead.
 */
export const accessChangingOperations: ReadonlySet<string> = new Set([
  'logout',
  'endMySession',
  'endOtherSessions',
  'endUserSession',
  'endUserSessions',
  'changePassword',
  'resetUserPassword',
  'updateUser',
  'deleteUser',
  'bulkDeleteUsers',
  'updateRole',
  'deleteRole',
  'bulkDeleteRoles',
]);

/**
 * onSend of an access-changing operation: once it succeeded (and committed), every open event
 * stream and live socket asks again whether its session still grants it, and those no longer
 * allowed are ended before the answer leaves: no frame or event goes out after it.
 */
export function recheckAccess(ctx: HttpContext) {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (reply.statusCode < 400) await ctx.accessWatch.changed();
    return payload;
  };
}
