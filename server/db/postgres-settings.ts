import { sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { dialectOf } from './dialect';
import type { Database } from './schema';

/** How the console's connections to PostgreSQL behave (CFOP_DB_*); time-outs of 0 mean none. */
export interface PostgresSettings {
  /** CFOP_DB_POOL_SIZE: the most connections a server's pool holds at once. */
  readonly poolSize: number;
  /** CFOP_DB_CONNECT_TIMEOUT_SECONDS: how long to wait for a connection, new or from the pool. */
  readonly connectTimeoutSeconds: number;
  /** CFOP_DB_STATEMENT_TIMEOUT_SECONDS: the longest a statement may run (migrations have none). */
  readonly statementTimeoutSeconds: number;
  /** CFOP_DB_IDLE_IN_TRANSACTION_SECONDS: a transaction left idle this long is ended by the database. */
  readonly idleInTransactionSeconds: number;
}

export const defaultPostgresSettings: PostgresSettings = {
  poolSize: 10,
  connectTimeoutSeconds: 5,
  statementTimeoutSeconds: 30,
  idleInTransactionSeconds: 60,
};

/** Where connections come from and what they are called: PostgreSQL's application_name is at most 63 bytes. */
export interface PostgresTarget {
  readonly url: string;
  readonly settings: PostgresSettings;
  /** The server's name (CFOP_SERVER_NAME), shown in pg_stat_activity for every connection it opens. */
  readonly serverName: string;
}

/**
 * The settings of one of the console's connections to `target`; `role` tells its dedicated
 * connections (the change listener, the recording claims) from the pool's. TCP keep-alive makes a
 * cut the database never answered end the connection instead of leaving it hanging.
 */
export function postgresClientConfig(target: PostgresTarget, role?: string): pg.ClientConfig {
  const { settings } = target;
  const name = ['cfop', role, target.serverName].filter(Boolean).join(' ');
  return {
    connectionString: target.url,
    application_name: Buffer.from(name)
      .subarray(0, 63)
      .toString()
      .replace(/\uFFFD+$/, ''),
    connectionTimeoutMillis: settings.connectTimeoutSeconds * 1000,
    statement_timeout: settings.statementTimeoutSeconds * 1000,
    idle_in_transaction_session_timeout: settings.idleInTransactionSeconds * 1000,
    keepAlive: true,
  };
}

/**
 * Lifts CFOP_DB_STATEMENT_TIMEOUT_SECONDS for the rest of transaction `trx`, for an operator's
 * maintenance that rewrites whole tables (rebuilding the dashboard's counts); nothing on SQLite.
 */
export async function withoutStatementTimeout(trx: Transaction<Database>): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`set local statement_timeout = 0`.execute(trx);
}
