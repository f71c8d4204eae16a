import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request, at debug level: at the default level the log keeps to start-up
 * steps, warnings and errors (Fastify's own two info lines per request are switched off).
 */
export function logRequestsAtDebug(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      `${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`,
    );
  });
}
