import { sql } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';

/** Which server runs a periodic job now, so that across servers it runs once per interval. */
export interface JobClaims {
  /** CFOP_SERVER_NAME: this server, as the log and job_runs name it. */
  readonly serverName: string;
  /** A run of `name` for this server (answer it to `finished`), or null: another server has this interval. */
  claim(name: string, everyMs: number): Promise<JobClaim | null>;
  finished(claim: JobClaim): Promise<void>;
}

export interface JobClaim {
  readonly name: string;
  /** The claimed run's start, as job_runs holds it: a later claim by another server is not ended by ours. */
  readonly startedAt: string;
}

/**
 * A run counts for the interval if it started at least this share of it ago: servers' timers do not
 * tick together, and a run due now must not be skipped because the last one began a moment late.
 */
const dueShare = 0.9;

/** A run not finished after this long is taken for dead (its server stopped during it). */
const staleAfterMs = (everyMs: number) => Math.max(10 * everyMs, 10 * 60_000);

/** Job claims' advisory locks are keyed (this, hash of the job's name); alert revisions' is ('cfop', 0). */
const jobClaimLocks = 0x6366_6f71;

/**
 * On PostgreSQL: a server runs a job when no server started it within the interval (by the
 * database's clock, which all servers share) and no run of it is under way; the claim is one row of
 * `job_runs`, written under a transaction's advisory lock (per job name) that a second server
 * claiming at the same moment does not wait for: it skips. On SQLite one server owns the database
 * (the data folder's lock), so every run is its own, as before.
 */
export function createJobClaims(db: Db, serverName: string): JobClaims {
  if (dialectOf(db) !== 'postgres') {
    return { serverName, claim: async (name) => ({ name, startedAt: '' }), finished: async () => undefined };
  }
  return {
    serverName,
    claim: (name, everyMs) =>
      db.transaction().execute(async (trx) => {
        const { rows: locked } = await sql`select 1 as locked
          where pg_try_advisory_xact_lock(${jobClaimLocks}, hashtext(${name}))`.execute(trx);
        if (locked.length === 0) return null;
        const { rows } = await sql<{ started_at: string }>`
          insert into job_runs (name, last_run_at, finished_at, server)
            values (${name}, now(), null, ${serverName})
          on conflict (name) do update
            set last_run_at = excluded.last_run_at, finished_at = null, server = excluded.server
            where job_runs.last_run_at <= now() - make_interval(secs => ${(everyMs * dueShare) / 1000})
              and (job_runs.finished_at is not null
                or job_runs.last_run_at <= now() - make_interval(secs => ${staleAfterMs(everyMs) / 1000}))
          returning last_run_at::text as started_at`.execute(trx);
        const startedAt = rows[0]?.started_at;
        return startedAt === undefined ? null : { name, startedAt };
      }),
    async finished(claim) {
      await sql`update job_runs set finished_at = now()
        where name = ${claim.name} and last_run_at = ${claim.startedAt}::timestamptz`.execute(db);
    },
  };
}
