import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { testDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { DatabaseUnavailableError } from './database-unavailable';
import { preparedPerConnection, withPreparedStatements } from './prepared-statements';

/** A fresh test database behind a pool of one connection, through withPreparedStatements. */
async function oneConnection(): Promise<{ db: Kysely<unknown>; url: string }> {
  const url = (await testDatabaseUrl(`prepared-${randomUUID()}`, onTestFinished)) as string;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // The test's end drops the database, which ends the connection the pool keeps: not a failure.
  pool.on('error', () => undefined);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
  onTestFinished(() => db.destroy());
  return { db, url };
}

const backend = async (db: Kysely<unknown>) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;

const kept = async (db: Kysely<unknown>) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
    (row) => row.statement,
  );

describe.skipIf(!testOnPostgres)('withPreparedStatements', () => {
  it('keeps a statement with parameters prepared on its connection, once, and runs others as they are', async () => {
    const { db } = await oneConnection();
    const twice = sql<{ n: number }>`select cast(${41} as integer) + 1 as n`;
    expect((await twice.execute(db)).rows).toEqual([{ n: 42 }]);
    expect((await twice.execute(db)).rows).toEqual([{ n: 42 }]);
    await sql`select 1`.execute(db);
    expect(await kept(db)).toEqual(['select cast($1 as integer) + 1 as n']);
  });

  it('closes a connection holding as many statements as it may keep, and goes on on a fresh one', async () => {
    const { db } = await oneConnection();
    const first = await backend(db);
    for (let n = 0; n < preparedPerConnection; n += 1)
      await sql`select cast(${n} as integer) as ${sql.ref(`n${n}`)}`.execute(db);
    const next = await backend(db);
    expect(next).not.toBe(first);
    expect(await kept(db)).toEqual([]);
  });

  it('fails a kept statement once after a schema change altered its columns, then runs it anew', async () => {
    const { db, url } = await oneConnection();
    await sql`create table kept_rows (a integer)`.execute(db);
    await sql`insert into kept_rows values (1)`.execute(db);
    const read = sql`select * from kept_rows where a = ${1}`;
    expect((await read.execute(db)).rows).toEqual([{ a: 1 }]);
    // As another server's migration would, on a connection of its own.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('alter table kept_rows add column b integer');
    await other.end();
    await expect(read.execute(db)).rejects.toMatchObject({ code: '0A000' });
    expect((await read.execute(db)).rows).toEqual([{ a: 1, b: null }]);
  });

  it('answers a connection lost while checked out as the database unavailable, and goes on on a fresh one', async () => {
    const { db, url } = await oneConnection();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    onTestFinished(() => other.end());
    const failure = await db
      .transaction()
      .execute(async (trx) => {
        // Ended by the database while idle in the transaction: pg emits `error` on the checked-out connection.
        await other.query('select pg_terminate_backend($1)', [await backend(trx)]);
        await sql`select pg_sleep(0)`.execute(trx);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect((await sql<{ n: number }>`select cast(${1} as integer) as n`.execute(db)).rows).toEqual([
      { n: 1 },
    ]);
  });
});
