import { PostgresAdapter, type Kysely } from 'kysely';

/** The databases the console runs on: the embedded SQLite file, or PostgreSQL (DATABASE_URL). */
export type DialectName = 'sqlite' | 'postgres';

/**
 * Which database `db` (or a transaction of it) speaks, for the few statements whose SQL differs:
 * the one place that asks, so no query checks a driver class itself.
 */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
