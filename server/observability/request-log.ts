import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { OperationOf } from './operation-names';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `none`: the route's calls write no request line (health and metrics probes). */
    requestLog?: 'none';
  }
}

/**
 * A request as the log tells it: method, path, operation, status and time. Never the query
 * string (a snapshot link's signature travels there) nor a header (session tokens, ingest keys).
 */
function line(request: FastifyRequest, reply: FastifyReply, operation: string | null): string {
  const path = request.url.split('?', 1)[0];
  const name = operation === null ? '' : ` ${operation}`;
  return `${request.method} ${path}${name} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`;
}

/**
 * Fastify's own request lines left out (its two info lines per request log the whole URL): the
 * request log is logRequests'. An answer that failed while it was sent still logs its error.
 */
export class RequestErrorLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ err: error }, `the answer failed: ${line(request, reply, null)}`);
  }

  override routeNotFound(): void {}
}

/**
 * One line per API call at info, with the request id in its reqId field; the console's pages and
 * files at debug; none for the routes that ask for none (probes every few seconds would drown
 * the calls).
 */
export function logRequests(
  app: FastifyInstance,
  operationOf: OperationOf,
  isApiPath: (url: string) => boolean,
): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.requestLog === 'none') return;
    const operation = operationOf(request);
    const text = line(request, reply, operation?.operationId ?? null);
    if (operation !== null || isApiPath(request.url)) reply.log.info(text);
    else reply.log.debug(text);
  });
}
