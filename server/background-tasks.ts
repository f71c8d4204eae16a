import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Work that outlives the request that started it (sending an SMS); closing the app waits for it. */
export interface BackgroundTasks {
  run(what: string, task: () => Promise<void>): void;
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
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
 */
export function runEvery(
  app: FastifyInstance,
  background: BackgroundTasks,
  what: string,
  everyMs: number,
  task: () => Promise<void>,
): void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    background.run(what, () => task().finally(() => (running = false)));
  };
  run();
  const timer = setInterval(run, everyMs);
  // The timer never keeps the process alive, and stops before closing drains the background work.
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
