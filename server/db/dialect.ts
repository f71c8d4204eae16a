import { PostgresAdapter, type DialectAdapter } from 'kysely';

/** The databases the console runs on: the embedded SQLite file, or PostgreSQL (DATABASE_URL). */
export type DialectName = 'sqlite' | 'postgres';

/**
 * Which database `db` (or a transaction of it) speaks, for the few statements whose SQL differs:
 * the one place that asks, so no query checks a driver class itself.
 */
/** A Kysely instance or transaction of any schema (a migration's is Kysely<unknown>). */
export interface AnyDb {
  getExecutor(): { readonly adapter: DialectAdapter };
}

export function dialectOf(db: AnyDb): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
