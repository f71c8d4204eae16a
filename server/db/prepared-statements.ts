import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError, losesConnection } from './database-unavailable';

/**
 * Statements a connection keeps prepared. The console's queries are a few hundred shapes (a batch's
 * statements take one per batch size); a connection holding this many is closed when it is next
 * released, and the pool opens a fresh one, so that neither side's memory grows with odd shapes.
 */
export const preparedPerConnection = 300;

/** PostgreSQL's answer to a kept statement whose result columns a schema change altered. */
const resultTypeChanged = '0A000';

/** One name per statement text, the same in every process: its hash. */
const nameOf = (text: string) => `cfop_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * The pool as Kysely's PostgreSQL dialect sees it, running each statement with parameters as a named
 * prepared statement of its connection: PostgreSQL then parses it once per connection and, once its
 * plans prove alike, plans it once too. Unnamed, each of the console's small statements (an ingest
 * call's key look-up, a batch's read of its reports' facts) was parsed and planned on every call,
 * which took more of the database's time than running them.
 *
 * Statements without parameters (transactions' begin and commit, the migrations' DDL) go as before.
 * A kept statement whose table another server's migration changed fails once with 0A000; its
 * connection is then closed on release, and the pool opens a fresh one with nothing kept.
 *
 * A connection lost while checked out (a restarted database, a network cut) makes pg emit `error`
 * on it, which would end the process without a listener: the pool listens only to idle ones. Each
 * connection is listened to for as long as it lives; a lost one is closed on release, and what
 * failed with it, or for want of any connection, fails as a DatabaseUnavailableError.
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // The connection's kept statements by text: each text is hashed once, when first kept.
    const prepared = new Map<string, string>();
    let stale = false;
    let lost = false;
    client.on('error', () => (lost = true));
    const failed = (error: unknown): unknown => {
      if ((error as { code?: unknown }).code === resultTypeChanged) stale = true;
      lost ||= losesConnection(error);
      return lost ? new DatabaseUnavailableError(error) : error;
    };
    const run = async <R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>> => {
      if (values.length === 0) return client.query(text, []) as unknown as Promise<PostgresQueryResult<R>>;
      let name = prepared.get(text);
      if (name === undefined) {
        name = nameOf(text);
        prepared.set(text, name);
      }
      return (await client.query({ name, text, values: [...values] })) as unknown as PostgresQueryResult<R>;
    };
    return {
      query: ((textOrCursor: string | PostgresCursor<unknown>, values?: readonly unknown[]) =>
        typeof textOrCursor === 'string'
          ? run(textOrCursor, values ?? []).catch((error: unknown) => Promise.reject(failed(error)))
          : client.query(textOrCursor as never)) as PostgresPoolClient['query'],
      release(destroy?: boolean) {
        const closing = Boolean(destroy) || stale || lost || prepared.size >= preparedPerConnection;
        if (closing) wrapped.delete(client);
        client.release(closing);
      },
    };
  };
  return {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => {
        throw new DatabaseUnavailableError(error);
      });
      let kept = wrapped.get(client);
      if (!kept) {
        kept = wrap(client);
        wrapped.set(client, kept);
      }
      return kept;
    },
    end: () => pool.end(),
  };
}
