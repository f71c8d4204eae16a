import { rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open-database';
import { TimedOut, withinTime } from '../kernel/within-time';
import { sharedRun } from './shared-run';

/** How a check of /readyz went; never the error's text, which may name hosts and paths. */
export type CheckState = 'ok' | 'failing' | 'timed out';

export interface Readiness {
  readonly ready: boolean;
  readonly checks: { readonly database: CheckState; readonly dataFolder: CheckState };
}

export interface ReadinessOptions {
  readonly db: Db;
  readonly dataDir: string;
  /** A check not answered in this time counts as failing (the probe answers; the check goes on). */
  readonly timeoutMs: number;
  readonly log: FastifyBaseLogger;
}

/** Long enough for a loaded database, short enough for a load balancer's probe interval. */
export const defaultReadinessTimeoutMs = 2000;

/**
 * The file /readyz writes and removes in DATA_DIR: named for the server's host and process, as the
 * servers of one PostgreSQL database may share the folder.
 */
export const readinessFile = (dataDir: string) => join(dataDir, `.readiness-${hostname()}-${process.pid}`);

/**
 * Whether this server can serve: the database answers a query and the data folder takes a write
 * (a read-only or full disk, a lost mount), each within the time-out. Probes that come together
 * share one check of each. A check that starts or stops failing is logged once, with its reason.
 */
export function createReadiness(options: ReadinessOptions): () => Promise<Readiness> {
  const { db, dataDir } = options;
  const database = watchedCheck(options, 'the database', () =>
    db.selectFrom('instance').select('id').limit(1).execute(),
  );
  const dataFolder = watchedCheck(options, 'the data folder', async () => {
    const file = readinessFile(dataDir);
    await writeFile(file, 'ready\n', { mode: 0o600 });
    await rm(file);
  });
  return async () => {
    const [databaseState, dataFolderState] = await Promise.all([database(), dataFolder()]);
    return {
      ready: databaseState === 'ok' && dataFolderState === 'ok',
      checks: { database: databaseState, dataFolder: dataFolderState },
    };
  };
}

function watchedCheck(
  { timeoutMs, log }: ReadinessOptions,
  what: string,
  check: () => Promise<unknown>,
): () => Promise<CheckState> {
  const shared = sharedRun(check);
  let last: CheckState = 'ok';
  return async () => {
    let state: CheckState = 'ok';
    let reason: unknown = null;
    try {
      await withinTime(shared(), timeoutMs);
    } catch (error) {
      state = error instanceof TimedOut ? 'timed out' : 'failing';
      reason = error;
    }
    if (state !== last) {
      if (state === 'ok') log.info(`ready again: ${what} answers`);
      else log.warn({ err: reason }, `not ready: ${what} is ${state}`);
    }
    last = state;
    return state;
  };
}
