import { createServer } from 'node:net';
import { expect, onTestFinished, test } from 'vitest';
import { DataFolderError } from '../data-folder/data-folder-error';
import { tempDir } from '../test-support/test-app';
import { testDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { openDatabase } from './open-database';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function failureOf(url: string): Promise<unknown> {
  return openDatabase(tempDir(), url).then(
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

test.skipIf(!testOnPostgres)('names a database that does not exist on a reachable server', async () => {
  const url = new URL((await testDatabaseUrl(tempDir(), onTestFinished)) as string);
  url.password = 's3cret';
  url.pathname = '/no_such_database';
  const { message } = (await failureOf(url.href)) as DataFolderError;
  expect(message).toContain('/no_such_database');
  expect(message).toContain('does not exist');
  expect(message).not.toContain('s3cret');
});
