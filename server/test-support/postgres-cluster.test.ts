import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { expect, test } from 'vitest';
import { startPostgresCluster } from './postgres-cluster';

test('a throw-away cluster answers on loopback and leaves nothing behind', async () => {
  const cluster = await startPostgresCluster();
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  try {
    await client.connect();
    const { rows } = await client.query<{ fsync: string }>('show fsync');
    expect(rows[0]?.fsync).toBe('off');
    const listen = await client.query<{ listen_addresses: string }>('show listen_addresses');
    expect(listen.rows[0]?.listen_addresses).toBe('127.0.0.1');
    // A benchmark counts the backends' CPU time below the postmaster's pid.
    const backend = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = readFileSync(`/proc/${backend.rows[0]?.pid}/stat`, 'utf8');
    expect(Number(stat.split(') ')[1]?.split(' ')[1])).toBe(cluster.pid);
  } finally {
    await client.end();
    cluster.stop();
  }
  expect(existsSync(cluster.dir)).toBe(false);
});
