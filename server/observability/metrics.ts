import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Seconds an API call may take, as people on call read them: most answer within tens of
 * milliseconds; a report, an export or an upload may take seconds.
 */
const callSeconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Periodic jobs run from milliseconds (an empty outbox) to minutes (a large sweep). */
const jobSeconds = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];
/** A group commit takes at most 100 writes (batched-writes.ts). */
const batchSizes = [1, 2, 5, 10, 20, 50, 100];

/**
 * The server's figures in the Prometheus text format, on a registry of the app's own (never
 * prom-client's global one: one process may hold several apps, the tests' hundreds). Figures read
 * from the app's state at scrape time (relays, outbox, free space) are added by observeApp.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** An answered HTTP request: its operation (operationId, or the route outside the API), method, status. */
  requestAnswered(operation: string, method: string, status: number, seconds: number | null): void;
  /** An AI server's call (an ingest operation) answered: accepted below status 400, else refused. */
  ingestAnswered(operation: string, status: number): void;
  /** A console event stream opened; the answer is called when it closes. */
  eventStreamOpened(): () => void;
  /** One run of a periodic job (runEvery), its time and whether it failed. */
  jobRan(job: string, seconds: number, failed: boolean): void;
  /** One group commit of the batched writes (alert ingest), by how many writes it held. */
  batchWritten(size: number): void;
  /** The Prometheus text of every figure now; Node's process figures start at the first scrape. */
  scrape(): Promise<string>;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'cfop_http_requests_total',
    help: 'HTTP requests answered, by operation (operationId, or the route outside the API), method and status',
    labelNames: ['operation', 'method', 'status'],
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'cfop_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (event streams and live video left out), by operation and method',
    labelNames: ['operation', 'method'],
    buckets: callSeconds,
    registers,
  });
  const ingest = new Counter({
    name: 'cfop_ingest_calls_total',
    help: "AI servers' calls answered, by operation and result (accepted: status below 400; refused)",
    labelNames: ['operation', 'result'],
    registers,
  });
  const eventStreams = new Gauge({
    name: 'cfop_event_stream_clients',
    help: 'Console and alert event streams open now',
    registers,
  });
  const jobRuns = new Counter({
    name: 'cfop_job_runs_total',
    help: 'Runs of periodic jobs on this server, by job and result (ok, failed)',
    labelNames: ['job', 'result'],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'cfop_job_duration_seconds',
    help: 'Time of a periodic job run on this server, by job',
    labelNames: ['job'],
    buckets: jobSeconds,
    registers,
  });
  const batches = new Histogram({
    name: 'cfop_write_batch_size',
    help: 'Writes per group-commit transaction (alert ingest)',
    buckets: batchSizes,
    registers,
  });
  let processFigures = false;
  return {
    registry,
    requestAnswered(operation, method, status, seconds) {
      requests.inc({ operation, method, status });
      if (seconds !== null) requestSeconds.observe({ operation, method }, seconds);
    },
    ingestAnswered(operation, status) {
      ingest.inc({ operation, result: status < 400 ? 'accepted' : 'refused' });
    },
    eventStreamOpened() {
      eventStreams.inc();
      let open = true;
      return () => {
        if (open) eventStreams.dec();
        open = false;
      };
    },
    jobRan(job, seconds, failed) {
      jobRuns.inc({ job, result: failed ? 'failed' : 'ok' });
      jobDuration.observe({ job }, seconds);
    },
    batchWritten: (size) => batches.observe(size),
    scrape() {
      // Not at start: an app nobody scrapes (a test's) runs no GC observer or event-loop monitor.
      if (!processFigures) collectDefaultMetrics({ register: registry });
      processFigures = true;
      return registry.metrics();
    },
  };
}
