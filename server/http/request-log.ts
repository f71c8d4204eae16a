import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const line = (request: FastifyRequest, reply: FastifyReply) =>
  `${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`;

/**
 * One line per answered request, at debug level, instead of Fastify's two info lines: at the
 * default level the log keeps to start-up steps, warnings and errors. A request that failed
 * still logs its error.
 */
export class DebugRequestLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ err: error }, line(request, reply));
    else reply.log.debug(line(request, reply));
  }

  override routeNotFound(request: FastifyRequest, reply: FastifyReply): void {
    reply.log.debug(line(request, reply));
  }
}
