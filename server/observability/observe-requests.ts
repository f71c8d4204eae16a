import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMetrics } from './metrics';
import { requestName, type OperationOf } from './operation-names';

/**
 * Counts every answered request by operation, method and status, and times it (an event stream
 * open for hours is counted, not timed); counts AI servers' calls accepted and refused, and the
 * event streams open now.
 */
export function observeRequests(app: FastifyInstance, metrics: AppMetrics, operationOf: OperationOf): void {
  const streamed = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
      streamed.add(request);
      reply.raw.once('close', metrics.eventStreamOpened());
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const operation = operationOf(request);
    const name = requestName(request, operation);
    const seconds = streamed.has(request) ? null : reply.elapsedTime / 1000;
    metrics.requestAnswered(name, request.method, reply.statusCode, seconds);
    if (operation?.access.kind === 'machine') metrics.ingestAnswered(name, reply.statusCode);
  });
}
