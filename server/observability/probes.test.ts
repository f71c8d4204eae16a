import { mkdirSync, rmSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { alertWorld } from '../test-support/alert-world';
import { openEventStream } from '../test-support/event-stream';
import {
  capturedLog,
  clientHeaders,
  sendRequest,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
} from '../test-support/test-app';
import { knownTestDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { waitUntil } from '../test-support/wait-until';
import { parseMetricsAllow } from './metrics-access';
import { readinessFile } from './readiness';

const probe = (t: TestApp, path: string, remoteAddress?: string) =>
  sendRequest(t.app, 'GET', path, remoteAddress === undefined ? {} : { remoteAddress });

/** The scrape's samples of `name` as `{labels} value` lines (`{}` for one without labels). */
async function samples(t: TestApp, name: string): Promise<string[]> {
  const answer = await probe(t, '/metrics');
  expect(answer.statusCode).toBe(200);
  return answer.body
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => line.slice(name.length).replace(/^ /, '{} '));
}

describe('the health and readiness probes', () => {
  it('answer 200 while the server can serve, without a session', async () => {
    const t = await startTestApp();
    const health = await probe(t, '/healthz');
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await probe(t, '/readyz');
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      { status: 'ready', checks: { database: 'ok', dataFolder: 'ok' } },
    ]);
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with Retry-After while the data folder takes no write, and 200 once it does', async () => {
    const log = capturedLog();
    const t = await startTestApp({ logger: log.logger });
    // In the way of the file the check writes: refused even to root, which file modes are not.
    mkdirSync(readinessFile(t.dataDir));
    const refused = await probe(t, '/readyz');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', dataFolder: 'failing' },
    });
    rmSync(readinessFile(t.dataDir), { recursive: true });
    expect((await probe(t, '/readyz')).statusCode).toBe(200);
    expect(log.lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'not ready: the data folder is failing',
        'ready again: the data folder answers',
      ]),
    );
  });

  it.skipIf(!testOnPostgres)(
    'answers 503 while the database does not answer in time, asking it once, and 200 once it does',
    async () => {
      const t = await startTestApp();
      const url = knownTestDatabaseUrl(t.dataDir) as string;
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      onTestFinished(() => blocker.end());
      // The readiness query's table locked by another transaction: the query waits on it.
      await blocker.query('begin');
      await blocker.query('lock table instance in access exclusive mode');
      const probes = await Promise.all([1, 2, 3].map(() => probe(t, '/readyz')));
      for (const refused of probes) {
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({
          status: 'not ready',
          checks: { database: 'timed out', dataFolder: 'ok' },
        });
      }
      const { rows } = await blocker.query(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      expect(rows).toEqual([{ waiting: 1 }]);
      await blocker.query('rollback');
      await waitUntil(async () => (await probe(t, '/readyz')).statusCode === 200, 'ready again', 10_000);
    },
  );
});

describe('the metrics', () => {
  it('count calls by operation and status, for a listed address only', async () => {
    const t = await startTestApp();
    expect((await t.call('getCurrentUser')).status).toBe(401);
    expect((await t.call('getCurrentUser', { params: {}, query: { x: '1' } })).status).toBe(401);
    expect(await samples(t, 'cfop_http_requests_total')).toContain(
      '{operation="getCurrentUser",method="GET",status="401"} 2',
    );
    expect(await samples(t, 'cfop_http_request_duration_seconds_count')).toContain(
      '{operation="getCurrentUser",method="GET"} 2',
    );
    // Read at the scrape from the app's state, and Node's own figures.
    expect(await samples(t, 'cfop_live_relays')).toEqual(['{} 0']);
    expect(await samples(t, 'cfop_notification_outbox_pending')).toEqual(['{} 0']);
    expect(await samples(t, 'cfop_recording_bytes')).toEqual(['{} 0']);
    expect((await samples(t, 'cfop_disk_free_bytes')).map((line) => line.split(' ')[0])).toEqual([
      '{folder="data"}',
      '{folder="storage"}',
    ]);
    expect(await samples(t, 'process_cpu_user_seconds_total')).toHaveLength(1);
    // The PostgreSQL pool's connections; SQLite has none.
    const pool = (await samples(t, 'cfop_db_pool_connections')).map((line) => line.split(' ')[0]);
    expect(pool).toEqual(testOnPostgres ? ['{state="in_use"}', '{state="idle"}', '{state="waiting"}'] : []);

    const outsider = await probe(t, '/metrics', '10.1.2.3');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ success: false, code: '403' });
    expect(outsider.body).not.toContain('cfop_');
    expect((await probe(t, '/metrics', '::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('are readable from the addresses CFOP_METRICS_ALLOW lists instead of loopback', async () => {
    const t = await startTestApp({ metricsAllowed: parseMetricsAllow('10.0.0.0/8').allowed });
    expect((await probe(t, '/metrics', '10.1.2.3')).statusCode).toBe(200);
    expect((await probe(t, '/metrics', '127.0.0.1')).statusCode).toBe(403);
  });

  it("count AI servers' calls accepted and refused, the group commits and the jobs run", async () => {
    const world = await alertWorld();
    await world.raise();
    expect((await world.ingest('ingestAlert', { body: world.report() }, 'not-a-key')).status).toBe(401);
    const ingest = await samples(world.t, 'cfop_ingest_calls_total');
    expect(ingest).toContain('{operation="ingestAlert",result="accepted"} 1');
    expect(ingest).toContain('{operation="ingestAlert",result="refused"} 1');
    expect(await samples(world.t, 'cfop_write_batch_size_count')).toEqual(['{} 1']);
    await waitUntil(
      async () =>
        (await samples(world.t, 'cfop_job_runs_total')).some((line) =>
          line.startsWith('{job="removing unused files",result="ok"}'),
        ),
      'a run of the unused-file sweep counted',
    );
  });

  it('count the event streams open now', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const stream = await openEventStream(t.app, '/cfop/events/stream', {
      ...clientHeaders,
      [tokenHeader]: token,
    });
    expect(stream.status).toBe(200);
    expect(await samples(t, 'cfop_event_stream_clients')).toEqual(['{} 1']);
    stream.close();
    await waitUntil(
      async () => (await samples(t, 'cfop_event_stream_clients')).includes('{} 0'),
      'the stream counted closed',
    );
  });
});

describe('the request log', () => {
  it('writes one line per call at info: operation, status and time, never its query or token', async () => {
    const log = capturedLog();
    const t = await startTestApp({ logger: log.logger });
    const answer = await sendRequest(t.app, 'GET', '/cfop/user/info?signature=query-secret', {
      token: 'token-secret',
    });
    expect(answer.statusCode).toBe(401);
    const calls = log.lines.filter((line) => line.msg.startsWith('GET '));
    expect(calls).toEqual([
      expect.objectContaining({
        level: 30,
        msg: expect.stringMatching(/^GET \/cfop\/user\/info getCurrentUser → 401 \(\d+ ms\)$/),
      }),
    ]);
    expect(calls[0]).toHaveProperty('reqId');
    // A path under the API naming no operation is a call too; a console page or file is debug only.
    expect((await sendRequest(t.app, 'GET', '/cfop/no-such-thing?key=x')).statusCode).toBe(404);
    expect((await sendRequest(t.app, 'GET', '/assets/none.js')).statusCode).toBe(404);
    expect(log.lines.filter((line) => line.msg.startsWith('GET ')).slice(1)).toEqual([
      expect.objectContaining({ level: 30, msg: expect.stringMatching(/^GET \/cfop\/no-such-thing → 404 /) }),
    ]);
    expect(JSON.stringify(log.lines)).not.toMatch(/query-secret|token-secret/);
  });

  it('writes nothing for the probes, even at debug', async () => {
    const log = capturedLog('debug');
    const t = await startTestApp({ logger: log.logger });
    for (const path of ['/healthz', '/readyz', '/metrics'])
      expect((await probe(t, path)).statusCode).toBe(200);
    // Background jobs log meanwhile; a request's lines carry its id.
    expect(log.lines.filter((line) => 'reqId' in line)).toEqual([]);
  });
});
