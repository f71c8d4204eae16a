import type { BlockList } from 'node:net';
import type { PlatformContext } from '../operations/platform-context';
import type { FastifyInstance } from 'fastify';
import { observeBatches } from '../db/batched-writes';
import { logRequests } from './request-log';
import { addAppFigures, type FigureSources } from './app-figures';
import type { AppMetrics } from './metrics';
import { observeRequests } from './observe-requests';
import { operationFinder } from './operation-names';
import { registerProbes } from './probe-routes';
import { createReadiness, defaultReadinessTimeoutMs } from './readiness';

/**
 * What the people on call see of the app: the request log, the metrics (requests, ingest, group
 * commits, and the figures read at each scrape) and the /healthz, /readyz and /metrics probes.
 * Registered after the error handler (its routes answer refusals as envelopes) and before the
 * routes whose answers its hooks see.
 */
export function observeApp(
  app: FastifyInstance,
  ctx: FigureSources & Pick<PlatformContext, 'contract'>,
  options: {
    readonly metrics: AppMetrics;
    readonly metricsAllowed: BlockList;
    readonly isApiPath: (url: string) => boolean;
  },
): void {
  const { metrics } = options;
  const operationOf = operationFinder(ctx.contract);
  logRequests(app, operationOf, options.isApiPath);
  observeRequests(app, metrics, operationOf);
  observeBatches(ctx.db, metrics.batchWritten);
  addAppFigures(metrics.registry, ctx, defaultReadinessTimeoutMs);
  const readiness = createReadiness({
    db: ctx.db,
    dataDir: ctx.dataDir,
    timeoutMs: defaultReadinessTimeoutMs,
    log: app.log,
  });
  registerProbes(app, { readiness, metrics, metricsAllowed: options.metricsAllowed });
}
