import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { spawnDyingWithParent } from './process/parent-death';
import { clientHeaders, tempDir, testAdminPassword, withSqlite } from './test-support/test-app';
import { testDatabaseUrl } from './test-support/test-database';
import { scaled } from '../test-support/test-timeouts';

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/**
 * Starts server/main.ts; it is killed when the test ends, whatever the outcome, and dies with the
 * test worker if that is killed first.
 */
function startMain(env: Record<string, string>) {
  const child = spawnDyingWithParent(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited, output: () => output };
}

// Each case starts the server as a process (tsx compiling it, scrypt at the production cost): on a
// busy machine that alone takes seconds, and one case starts three.
/** Until a started server says it listens: 2.5 s on a quiet machine, over 15 s beside two CPU hogs. */
const listeningMs = scaled(45_000);

describe('server/main.ts', { timeout: scaled(120_000) }, () => {
  it('listens on PORT and closes cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    // On a run on PostgreSQL, the server takes its database from DATABASE_URL.
    const databaseUrl = await testDatabaseUrl(dataDir, onTestFinished);
    const main = startMain({
      ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }),
      PORT: String(port),
      DATA_DIR: dataDir,
      CFOP_ADMIN_PASSWORD: testAdminPassword,
      NODE_ENV: 'test',
      CFOP_PASSWORD_COST: '4',
    });
    await expect.poll(main.output, { timeout: listeningMs }).toContain('Server listening');
    const response = await fetch(`http://127.0.0.1:${port}/cfop/user/info`, { headers: clientHeaders });
    expect(response.status).toBe(401);
    main.child.kill('SIGTERM');
    const [code] = await main.exited;
    expect(code).toBe(0);
    // The administrator made on first start was hashed at the cost the environment chose.
    const hash = withSqlite(dataDir, (db) => db.prepare('select password_hash from users').pluck().get());
    expect(hash).toMatch(/^scrypt\$N=16,/);
    expect(main.output()).toContain('passwords are hashed at the test cost 4');
  });

  it('refuses a second server on the same DATA_DIR in one line naming the first, and a corrupt database', async () => {
    const dataDir = tempDir();
    const first = startMain({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      CFOP_ADMIN_PASSWORD: testAdminPassword,
    });
    await expect.poll(first.output, { timeout: listeningMs }).toContain('Server listening');
    // Without CFOP_PASSWORD_COST the administrator's password is hashed at the production cost.
    const hash = withSqlite(dataDir, (db) => db.prepare('select password_hash from users').pluck().get());
    expect(hash).toMatch(/^scrypt\$N=32768,r=8,p=1\$/);
    const second = startMain({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const [code] = await second.exited;
    expect(code).toBe(1);
    expect(second.output().trim().split('\n')).toEqual([
      expect.stringContaining(
        `The data folder ${dataDir} is in use by another server (pid ${first.child.pid} on host`,
      ),
    ]);
    first.child.kill('SIGTERM');
    await first.exited;

    const corrupt = tempDir();
    writeFileSync(join(corrupt, 'cfop.sqlite'), 'not a database '.repeat(400));
    const refused = startMain({ PORT: String(await freePort()), DATA_DIR: corrupt });
    expect((await refused.exited)[0]).toBe(1);
    expect(refused.output().trim().split('\n')).toEqual([
      expect.stringContaining(
        `The database ${join(corrupt, 'cfop.sqlite')} is corrupt or not an SQLite database`,
      ),
    ]);
  });

  it('says in one line that the database does not answer, within the connect time-out', async () => {
    // Takes connections and never answers, as a host behind a dropping firewall.
    const silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    onTestFinished(() => void silent.close());
    const { port } = silent.address() as { port: number };
    const main = startMain({
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://cfop:s3cret@127.0.0.1:${port}/cfop`,
      CFOP_DB_CONNECT_TIMEOUT_SECONDS: '1',
    });
    const [code] = await main.exited;
    expect(code).toBe(1);
    expect(main.output().trim().split('\n')).toEqual([
      expect.stringMatching(
        /^无法连接 DATABASE_URL 指定的 PostgreSQL 数据库 cfop@127\.0\.0\.1:\d+\/cfop：.*Check the address/,
      ),
    ]);
    expect(main.output()).not.toContain('s3cret');
  });

  it('refuses bad settings with a message naming them', async () => {
    const main = startMain({
      PORT: 'eighty',
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      CFOP_PASSWORD_COST: '4',
    });
    const [code] = await main.exited;
    expect(code).toBe(1);
    expect(main.output()).toContain('PORT：应为 0 到 65535 的整数');
    expect(main.output()).toContain('CFOP_PASSWORD_COST：应为 15 到 17 的整数');
  });
});
