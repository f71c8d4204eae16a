import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp, type AppOptions } from '../../server/app';

export interface SeededAppRun {
  /** The server's address, `http://127.0.0.1:port`. */
  readonly base: string;
  /** Closes something with the run (a browser), before the server and its folder go. */
  onCleanUp(close: () => Promise<unknown>): void;
}

/**
 * A benchmark's real server on a fresh temporary data folder: a first start migrates it, `seed`
 * writes rows straight into the database (the API would take minutes), and the server starts again
 * on a free loopback port for `measure`. With `app.databaseUrl`, the database is that PostgreSQL one. Everything is closed and removed when `measure` ends, on
 * Ctrl-C, or after `deadlineMs` whatever hangs.
 */
export async function withSeededApp(
  options: {
    readonly name: string;
    readonly deadlineMs: number;
    readonly adminPassword: string;
    /** Where the built console is served from; default dist/. */
    readonly staticDir?: (dataDir: string) => string;
    /** Further settings of the server (the video benchmark's camera hosts and live views). */
    readonly app?: Partial<Omit<AppOptions, 'dataDir'>>;
    seed(dataDir: string): void | Promise<void>;
  },
  measure: (run: SeededAppRun) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), `cfop-${options.name}-`));
  const closers: (() => Promise<unknown>)[] = [];
  let app: FastifyInstance | undefined;
  const cleanUp = async () => {
    for (const close of closers) await close().catch(() => undefined);
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error(`${options.name} did not finish within ${options.deadlineMs / 1000} s; stopping.`);
    void cleanUp().finally(() => process.exit(1));
  }, options.deadlineMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    const appOptions = {
      dataDir,
      admin: { password: options.adminPassword },
      logger: false,
      announce: () => undefined,
      // The benchmarks measure the wall and the API, not the ingest quota: one box reports its burst
      // as fast as the server takes it.
      ingest: { alertsPerSecond: 100_000, alertBurst: 1_000_000 },
      ...(options.staticDir ? { staticDir: options.staticDir(dataDir) } : {}),
      ...options.app,
    };
    await (await createApp(appOptions)).close();
    await options.seed(dataDir);
    app = await createApp(appOptions);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await measure({ base, onCleanUp: (close) => void closers.push(close) });
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}
