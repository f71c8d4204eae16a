import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpContext } from '../http-context';
import type { OperationSpec } from '../../contract/load-contract';
import { writeOperationLog } from '../../oplog/operation-log';
import { tallyOperationLog } from '../../oplog/operation-log-tally';
import { clientAddress } from '../client-address';
import { toApiError } from '../error-answers';
import { sessionOf } from './authenticate';
import { callOf } from './operation-call';

/** onError: what the call failed with, whichever phase it failed in (an unparsable body too). */
export async function noteFailure(
  request: FastifyRequest,
  _reply: FastifyReply,
  error: FastifyError,
): Promise<void> {
  callOf(request).failure = toApiError(error);
}

/**
 * onSend of an operation the log keeps (isLoggedOperation): the call's entry, whatever its outcome
 * (anonymous floods as a tally; none for a call continuing a session of control already logged).
 * Written before the answer leaves, so a caller reading the log next finds its call there.
 */
export function logOperation(ctx: HttpContext, operation: OperationSpec) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const { audit: note, failure } = callOf(request);
    if (note.continuing) return payload;
    // A caller authenticate did not name (of an open operation, a machine's, a refused one) is
    // still known by a good session token it sends.
    if (!note.actor) {
      const session = await sessionOf(ctx, request);
      note.actor = session && { userId: session.userId, username: null };
    }
    const write = note.tallied && !note.actor ? tallyOperationLog : writeOperationLog;
    try {
      const { exact, countsAs } = clientAddress(request, ctx.ipv6PrefixBits);
      await write(ctx, { operation, ip: exact, countsAs, note, failure });
    } catch (error) {
      // The call itself is done (and committed); losing its log entry must not change its answer.
      request.log.error({ err: error }, 'operation log entry not written');
    }
    return payload;
  };
}
