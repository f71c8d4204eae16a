import { createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import { expect, onTestFinished, test } from 'vitest';
import { DataFolderError } from '../kernel/data-folder-error';
import { tempDir } from '../test-support/test-app';
import { testDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { openDatabase, type PostgresOptions } from './open-database';
import { defaultPostgresSettings } from './postgres-settings';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A loopback port that takes connections and never answers, as a host behind a dropping firewall. */
async function silentPort(): Promise<number> {
  const held: Socket[] = [];
  const server = createServer((socket) => void held.push(socket)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  onTestFinished(() => {
    held.forEach((socket) => socket.destroy());
    server.close();
  });
  return (server.address() as { port: number }).port;
}

async function failureOf(url: string, postgres?: PostgresOptions): Promise<unknown> {
  return openDatabase(tempDir(), url, postgres).then(
    async (db) => {
      await db.destroy();
      return null;
    },
    (error: unknown) => error,
  );
}

test('says in both languages which DATABASE_URL it cannot reach, never its password', async () => {
  const error = await failureOf(`postgres://cfop:s3cret@127.0.0.1:${await closedPort()}/cfop`);
  expect(error).toBeInstanceOf(DataFolderError);
  const { message } = error as DataFolderError;
  expect(message).toMatch(/^无法连接 DATABASE_URL 指定的 PostgreSQL 数据库 cfop@127\.0\.0\.1:\d+\/cfop：/);
  expect(message).toContain('Cannot connect to the PostgreSQL database of DATABASE_URL');
  expect(message).not.toContain('s3cret');
});

test('says so in one line when the host does not answer within the connect time-out', async () => {
  const settings = { ...defaultPostgresSettings, connectTimeoutSeconds: 1 };
  const error = await failureOf(`postgres://cfop@127.0.0.1:${await silentPort()}/cfop`, { settings });
  expect(error).toBeInstanceOf(DataFolderError);
  const { message } = error as DataFolderError;
  expect(message).toMatch(/^无法连接 DATABASE_URL 指定的 PostgreSQL 数据库 cfop@127\.0\.0\.1:\d+\/cfop：/);
  expect(message).not.toContain('\n');
});

test("names a unix socket's folder, given in ?host= as pg reads it, when nothing listens there", async () => {
  const error = await failureOf('postgres://cfop@/cfop?host=/no/such/folder');
  expect(error).toBeInstanceOf(DataFolderError);
  expect((error as DataFolderError).message).toMatch(
    /^无法连接 DATABASE_URL 指定的 PostgreSQL 数据库 cfop@\/no\/such\/folder\/cfop：/,
  );
});

test.skipIf(!testOnPostgres)('connects through the unix socket a hostless URL names in ?host=', async () => {
  const url = new URL((await testDatabaseUrl(tempDir(), onTestFinished)) as string);
  const tcp = await openDatabase(tempDir(), url.href);
  const { rows } = await sql<{ folder: string }>`select
    current_setting('unix_socket_directories') as folder`.execute(tcp);
  await tcp.destroy();
  const socketUrl = `postgres://${url.username}@${url.pathname}?host=${rows[0]?.folder ?? ''}&port=${url.port}`;
  const db = await openDatabase(tempDir(), socketUrl);
  onTestFinished(() => db.destroy());
  // A unix socket's client has no address.
  const { rows: client } = await sql<{ address: string | null }>`select
    inet_client_addr()::text as address`.execute(db);
  expect(client).toEqual([{ address: null }]);
});

test.skipIf(!testOnPostgres)(
  "names every connection after the server and gives it the settings' time-outs",
  async () => {
    const url = (await testDatabaseUrl(tempDir(), onTestFinished)) as string;
    const settings = { ...defaultPostgresSettings, statementTimeoutSeconds: 7, idleInTransactionSeconds: 90 };
    const db = await openDatabase(tempDir(), url, { settings, serverName: 'node-a:8000' });
    onTestFinished(() => db.destroy());
    const { rows } = await sql<{ name: string; statement: string; idle: string }>`select
      current_setting('application_name') as name,
      current_setting('statement_timeout') as statement,
      current_setting('idle_in_transaction_session_timeout') as idle`.execute(db);
    expect(rows).toEqual([{ name: 'cfop node-a:8000', statement: '7s', idle: '90s' }]);
  },
);

test.skipIf(!testOnPostgres)('names a database that does not exist on a reachable server', async () => {
  const url = new URL((await testDatabaseUrl(tempDir(), onTestFinished)) as string);
  url.password = 's3cret';
  url.pathname = '/no_such_database';
  const { message } = (await failureOf(url.href)) as DataFolderError;
  expect(message).toContain('/no_such_database');
  expect(message).toContain('does not exist');
  expect(message).not.toContain('s3cret');
});
