import type { FastifyRequest } from 'fastify';
import type { HttpContext } from '../http-context';
import { sha256Hex } from '../../kernel/session-token';
import { findActiveSession } from '../../auth/sessions';
import type { ActiveSession } from '../../operations/caller';
import { reusedQuery } from '../../db/reused-query';
import { SESSION_SCHEME, type OperationSpec } from '../../contract/load-contract';
import { ApiError, unknownIngestKey } from '../../kernel/api-error';
import { headerOf } from '../scheme-headers';
import { offeredSessionToken } from '../socket-protocols';
import { callOf } from './operation-call';

const notSignedIn = () =>
  new ApiError('401', { zh: '未登录或登录已过期', en: 'Not signed in, or the session has expired' });

/**
 * onRequest: who calls, by the operation's declared access, before its body is read: a session for
 * a keyed or signed-in operation, the ingest key for a machine's (401 without); nobody for one open
 * to anyone.
 */
export function authenticate(ctx: HttpContext, operation: OperationSpec) {
  const { access } = operation;
  return async (request: FastifyRequest): Promise<void> => {
    const call = callOf(request);
    switch (access.kind) {
      case 'key':
      case 'signed-in': {
        const session = await sessionOf(ctx, request, operation.socket !== null);
        if (!session) throw notSignedIn();
        call.session = session;
        call.audit.actor = { userId: session.userId, username: null };
        return;
      }
      case 'machine':
        call.aiServer = await aiServerOf(ctx, headerOf(ctx, request, access.scheme));
        return;
      case 'anyone':
        return;
    }
  };
}

/**
 * The session behind the call's token, if it has a good one; a WebSocket's upgrade (`socket`) may
 * offer it as a subprotocol instead of the header a browser cannot send there.
 */
export async function sessionOf(
  ctx: HttpContext,
  request: FastifyRequest,
  socket = false,
): Promise<ActiveSession | null> {
  const token =
    headerOf(ctx, request, SESSION_SCHEME) ||
    (socket ? offeredSessionToken(request, ctx.contract.sessionSubprotocolPrefix) : '');
  return token ? findActiveSession(ctx, token) : null;
}

const serverOfKey = reusedQuery((db, { hash }: { hash: string }) =>
  db.selectFrom('ai_servers').select(['id', 'name']).where('ingest_key_hash', '=', hash),
);

/** The AI server an ingest call comes from, by the digest of its key; a 401 for an unknown key. */
async function aiServerOf(ctx: HttpContext, key: string): Promise<{ id: number; name: string }> {
  const server = key ? (await serverOfKey.execute(ctx.db, { hash: sha256Hex(key) })).rows[0] : undefined;
  if (!server) throw unknownIngestKey();
  return server;
}
