import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobClaims } from './cluster/job-claims';

/** Work that outlives the request that started it (sending an SMS); closing the app waits for it. */
export interface BackgroundTasks {
  run(what: string, task: () => Promise<void>): void;
  drain(): Promise<void>;
  /** Told of each run of a periodic job (runEvery) this server made. */
  readonly jobRan: JobRunObserver;
}

/** A periodic job's run: the job, its time and whether it failed (the server's metrics). */
export type JobRunObserver = (job: string, seconds: number, failed: boolean) => void;

export function createBackgroundTasks(
  log: FastifyBaseLogger,
  jobRan: JobRunObserver = () => undefined,
): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    jobRan,
    run(what, task) {
      const running = task()
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}

/**
 * Runs `task` as background work now and every `everyMs` while the app runs (a sweep of unused
 * files, marking silent AI servers offline). A run still going when the next is due is not doubled.
 * With `claims`, a job of the estate rather than of this server: across the servers of one database
 * it runs once per interval (see createJobClaims), and `task` logs through a logger naming the
 * server that ran it. Without, every server runs it (its own recorders, its own relays).
 */
export function runEvery(
  app: FastifyInstance,
  background: BackgroundTasks,
  what: string,
  everyMs: number,
  task: (log: FastifyBaseLogger) => Promise<void>,
  claims?: JobClaims,
): void {
  let running = false;
  const timed = async (log: FastifyBaseLogger) => {
    const started = performance.now();
    let failed = true;
    try {
      await task(log);
      failed = false;
    } finally {
      background.jobRan(what, (performance.now() - started) / 1000, failed);
    }
  };
  const once = async () => {
    if (!claims) return timed(app.log);
    const claim = await claims.claim(what, everyMs);
    if (claim === null) return;
    const log = app.log.child({ server: claims.serverName });
    log.debug(`${what}: run by server ${claims.serverName}`);
    try {
      await timed(log);
    } finally {
      await claims.finished(claim);
    }
  };
  const run = () => {
    if (running) return;
    running = true;
    background.run(what, () => once().finally(() => (running = false)));
  };
  run();
  const timer = setInterval(run, everyMs);
  // The timer never keeps the process alive, and stops before closing drains the background work.
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
