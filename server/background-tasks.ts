import type { FastifyBaseLogger } from 'fastify';

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
