import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpContext } from './http-context';
import { sessionStillGrants } from '../auth/session-grants';
import type { ActiveSession } from '../operations/caller';
import type { OperationSpec } from '../contract/load-contract';
import { accessKeyOf } from '../../contract/operation-access';
import type { ValidatedHandler, ValidatedInput } from '../operations/operation-handler';
import { okEnvelope } from './envelope';
import { EventStreamAnswer } from '../operations/event-stream-answer';
import { FileAnswer } from '../operations/file-answer';
import { callOf } from './hooks/operation-call';
import { pickLang } from '../kernel/locale';
import { endWhenRevoked } from './revocable-stream';
import { clientInfo } from './scheme-headers';

/**
 * The route's handler: the operation's own handler on the call its hooks let through, answered as
 * a success envelope, a streamed file or an event stream that ends when its caller's session or
 * key goes.
 */
export function answerOperation<C extends HttpContext>(
  ctx: C,
  operation: OperationSpec,
  handler: ValidatedHandler<C>,
) {
  const access = accessKeyOf(operation.access);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const { session } = callOf(request);
    const data = await handler(handlerInput(ctx, request, callerGone(reply)), ctx);
    if (data instanceof FileAnswer) return sendFile(reply, data);
    if (data instanceof EventStreamAnswer)
      return sendEventStream(reply, session ? revocable(ctx, data, session, access) : data.body);
    return okEnvelope(data ?? null);
  };
}

/**
 * Aborted when the caller closes its connection before the whole answer is sent, so that work done
 * for it alone (a transcode) stops.
 */
function callerGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

/** The handler's input: the call as its hooks let it through; `signal` as callerGone's, none for a socket. */
export function handlerInput(
  ctx: HttpContext,
  request: FastifyRequest,
  signal: AbortSignal = new AbortController().signal,
): ValidatedInput {
  const { session, aiServer, file, jsonParts, audit } = callOf(request);
  const { body, query, params, headers } = request;
  return {
    // An upload's body is its JSON parts (none for a file alone).
    body: file ? (jsonParts ?? {}) : body,
    query,
    params,
    headers,
    session,
    aiServer,
    client: clientInfo(ctx, request),
    lang: pickLang(headers['accept-language']),
    file,
    audit,
    signal,
  };
}

function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  const { size, cacheControl, referrerPolicy, headers } = file.options;
  if (size !== undefined) reply.header('content-length', size);
  if (headers !== undefined) reply.headers(headers);
  if (referrerPolicy !== undefined) reply.header('referrer-policy', referrerPolicy);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.contentDisposition)
    .header('cache-control', cacheControl ?? 'no-store')
    .send(file.body);
}

/** A stream ends once its caller signs out or loses the operation's key, as the next call would be refused. */
function revocable(
  ctx: HttpContext,
  stream: EventStreamAnswer,
  session: ActiveSession,
  access: string | null,
): Readable {
  return endWhenRevoked(
    stream.body,
    () => sessionStillGrants(ctx, session, access),
    (end) => ctx.accessWatch.watch({ session, accessKey: access, end }),
  );
}

function sendEventStream(reply: FastifyReply, body: Readable): FastifyReply {
  return (
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // A buffering proxy (nginx) would hold events back until its buffer fills.
      .header('x-accel-buffering', 'no')
      .send(body)
  );
}
