import type { BlockList } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../kernel/api-error';
import { isAllowed } from './metrics-access';
import type { AppMetrics } from './metrics';
import type { Readiness } from './readiness';

/** What a load balancer waits before asking a server that was not ready again. */
const notReadyRetrySeconds = 5;

const notListed = () =>
  new ApiError('403', {
    zh: '此地址不在 CFOP_METRICS_ALLOW 允许读取指标的列表中',
    en: 'This address is not among those CFOP_METRICS_ALLOW lets read the metrics',
  });

/**
 * The probes of the people and machines that run the server, outside the API contract (no
 * operation, no session, no access key; openapi.yaml describes the console's calls only), at the
 * root so that no console page or API path shadows them:
 * - GET /healthz: the process answers (a supervisor's liveness probe);
 * - GET /readyz: the server can serve (database and data folder), else 503 with Retry-After;
 * - GET /metrics: the Prometheus text, for the addresses CFOP_METRICS_ALLOW lists only (403 else).
 * None writes a request line: they come every few seconds.
 */
export function registerProbes(
  app: FastifyInstance,
  probes: { readiness: () => Promise<Readiness>; metrics: AppMetrics; metricsAllowed: BlockList },
): void {
  const config = { requestLog: 'none' } as const;
  app.get('/healthz', { config }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { config }, async (_request, reply) => {
    const { ready, checks } = await probes.readiness();
    reply.header('cache-control', 'no-store');
    if (!ready) reply.code(503).header('retry-after', notReadyRetrySeconds);
    return { status: ready ? 'ready' : 'not ready', checks };
  });
  app.get('/metrics', { config }, async (request, reply) => {
    if (!isAllowed(probes.metricsAllowed, request.ip)) throw notListed();
    const text = await probes.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(probes.metrics.registry.contentType).send(text);
  });
}
