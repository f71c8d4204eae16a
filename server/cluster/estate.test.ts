import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { instanceIdFileName } from '../data-folder/instance-identity';
import { sharedSecret, snapshotLinkKeyFileName } from '../data-folder/instance-secret';
import { alertWorld } from '../test-support/alert-world';
import { openEventStream } from '../test-support/event-stream';
import {
  capturedLog,
  clientHeaders,
  ingestKeyHeader,
  startTestApp,
  tempDir,
  testAdminPassword,
  tokenHeader,
  type TestApp,
} from '../test-support/test-app';
import { knownTestDatabaseUrl, openTestDatabase, testOnPostgres } from '../test-support/test-database';
import { waitUntil } from '../test-support/wait-until';
import { createJobClaims } from './job-claims';

/** An app with the alert world's, server A, and a second server B on the same database. */
async function twoServers() {
  const world = await alertWorld({ serverName: 'A' });
  const b = await startTestApp({ databaseUrl: knownTestDatabaseUrl(world.t.dataDir), serverName: 'B' });
  const token = await b.signIn('admin', testAdminPassword);
  const db = await openTestDatabase(world.t.dataDir);
  onTestFinished(() => db.destroy());
  return { world, b, token, db };
}

const listenerOf = (name: string) => `cfop listener ${name}`;

/** A signed-in console's event stream on `app`, closed after the test. */
async function consoleStream(app: TestApp['app'], path: string, token: string) {
  const stream = await openEventStream(app, path, { ...clientHeaders, [tokenHeader]: token });
  onTestFinished(() => stream.close());
  return stream;
}

describe.skipIf(!testOnPostgres)('several servers on one PostgreSQL database', () => {
  it('streams through B the alerts raised through A, also after B lost its listening connection', async () => {
    const { world, b, token, db } = await twoServers();
    const stream = await consoleStream(b.app, '/cfop/alerts/stream', token);
    const raised = await world.raise({ label: '经 A 上报' });
    const [first] = await stream.nextEvents(1);
    expect(first).toMatchObject({ id: String(raised.revision), event: 'alert' });

    const listenerPid = async () => {
      const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
        where application_name = ${listenerOf('B')}`.execute(db);
      return rows[0]?.pid ?? null;
    };
    const killed = await listenerPid();
    expect(killed).not.toBeNull();
    await sql`select pg_terminate_backend(${killed})`.execute(db);
    await waitUntil(async () => ![null, killed].includes(await listenerPid()), "B's listener back");

    const later = await world.raise({ label: '重连之后' });
    const [second] = await stream.nextEvents(1);
    expect(second).toMatchObject({ id: String(later.revision), event: 'alert' });
  });

  it("carries a heartbeat's status changes through A to a console on B", async () => {
    const { world, b, token } = await twoServers();
    const stream = await consoleStream(b.app, '/cfop/events/stream', token);
    const heartbeat = await world.ingest('ingestHeartbeat', {
      body: { cpuLoad: 37.5, memoryLoad: 61, cameras: [{ id: world.cameras[0]?.id, status: 'online' }] },
    });
    expect(heartbeat.body.success).toBe(true);
    for (;;) {
      const [event] = await stream.nextEvents(1);
      if (event?.event !== 'aiServerStatus') continue;
      expect(JSON.parse(event.data)).toMatchObject({ id: world.serverId, status: 'online' });
      break;
    }
  });

  it('holds the guessing limit across servers: 40 parallel guesses through A and B, 5 checked', async () => {
    // Room enough in each server's hashing gate that only the shared limit refuses.
    const passwordHashing = { slots: 2, maxWaiting: 1000, perAddress: 1000 };
    const a = await startTestApp({ serverName: 'A', passwordHashing });
    const b = await startTestApp({
      databaseUrl: knownTestDatabaseUrl(a.dataDir),
      serverName: 'B',
      passwordHashing,
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        (n % 2 === 0 ? a : b).call('loginByPassword', {
          body: { username: 'admin', password: `wrong-${n}` },
        }),
      ),
    );
    const db = await openTestDatabase(a.dataDir);
    onTestFinished(() => db.destroy());
    const checked = await db.selectFrom('sign_in_attempts').select('id').execute();
    expect(checked).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 423).length).toBeGreaterThanOrEqual(35);
    // The lock earned through both holds on each, even for the right password.
    const right = { body: { username: 'admin', password: testAdminPassword } };
    expect((await a.call('loginByPassword', right)).status).toBe(423);
    expect((await b.call('loginByPassword', right)).status).toBe(423);
  });

  it('numbers alerts raised at once through both servers in commit order, none refused or missed', async () => {
    const { world, b, token } = await twoServers();
    const stream = await consoleStream(b.app, '/cfop/alerts/stream', token);
    const ingestB = (body: unknown) =>
      b.call('ingestAlert', { body, headers: { [ingestKeyHeader]: world.key } });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        n % 2 === 0 ? world.ingest('ingestAlert', { body: world.report() }) : ingestB(world.report()),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const events = await stream.nextEvents(30);
    const revisions = events.map((event) => Number(event.id));
    expect(revisions).toEqual([...revisions].sort((x, y) => x - y));
    expect(new Set(events.map((event) => (JSON.parse(event.data) as { id: number }).id)).size).toBe(30);
  });

  it('numbers a change at its commit: an open transaction holds back no other server', async () => {
    const { world, b, token, db } = await twoServers();
    const earlier = await world.raise({ label: '稍后在事务中修改' });
    const stream = await consoleStream(b.app, '/cfop/alerts/stream', token);
    let commit = () => {};
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const open = db.transaction().execute(async (trx) => {
      await trx
        .updateTable('alerts')
        .set({ label: '在事务中修改', revision: 0 })
        .where('id', '=', earlier.id)
        .execute();
      await committing;
    });
    // While the transaction that changed an alert is open, another server stores one.
    const through = await b.call('ingestAlert', {
      body: world.report(),
      headers: { [ingestKeyHeader]: world.key },
    });
    expect(through.status).toBe(200);
    commit();
    await open;
    // A change written beside the servers tells no stream: the next one through A does.
    const next = await world.raise({ label: '提交之后' });
    const events = await stream.nextEvents(3);
    const stored = (through.body as { data: { id: number; revision: number } }).data;
    expect(events.map((event) => (JSON.parse(event.data) as { id: number }).id)).toEqual([
      stored.id,
      earlier.id,
      next.id,
    ]);
    expect(events[0]?.id).toBe(String(stored.revision));
    expect(Number(events[1]?.id)).toBeGreaterThan(stored.revision);
  });

  it('runs a periodic job on one server per interval, and the log names it', async () => {
    const logA = capturedLog('debug');
    const logB = capturedLog('debug');
    const a = await startTestApp({ serverName: 'A', logger: logA.logger });
    const b = await startTestApp({
      databaseUrl: knownTestDatabaseUrl(a.dataDir),
      serverName: 'B',
      logger: logB.logger,
    });
    // Closing waits for the runs under way: both servers' first tries are over.
    await a.app.close();
    await b.app.close();
    const ran = [...logA.lines, ...logB.lines].filter((line) =>
      line.msg.startsWith('marking silent AI servers offline: run by server'),
    );
    expect(ran).toHaveLength(1);
    expect(ran[0]?.msg).toMatch(/: run by server [AB]$/);
  });

  it('lets one claimer of many take a job, and no other within its interval or while it runs', async () => {
    const dataDir = (await startTestApp()).dataDir;
    const db = await openTestDatabase(dataDir);
    const hourMs = 3_600_000;
    onTestFinished(() => db.destroy());
    const servers = Array.from({ length: 8 }, (_, n) => createJobClaims(db, `server-${n}`));
    const claims = await Promise.all(servers.map((server) => server.claim('a test job', hourMs)));
    const taken = claims.flatMap((claim, n) => (claim ? [{ claim, server: servers[n] }] : []));
    expect(taken).toHaveLength(1);
    const [first] = taken;
    if (!first?.server) throw new Error('no claim');
    const other = createJobClaims(db, 'other');
    // Past its interval (an interval of none: no time need pass), a run still under way keeps the job.
    expect(await other.claim('a test job', 0)).toBeNull();
    await first.server.finished(first.claim);
    const next = await other.claim('a test job', 0);
    if (!next) throw new Error('the job was not claimed after its run');
    const row = await db
      .selectFrom('job_runs')
      .select('server')
      .where('name', '=', 'a test job')
      .executeTakeFirst();
    expect(row?.server).toBe('other');
    // Finished, it is not run again within its interval.
    await other.finished(next);
    expect(await first.server.claim('a test job', hourMs)).toBeNull();
  });

  it('lets servers share a data folder, or have their own with the same key and identity', async () => {
    const a = await startTestApp({ serverName: 'A' });
    const url = knownTestDatabaseUrl(a.dataDir);
    const sharing = await startTestApp({ dataDir: a.dataDir, databaseUrl: url, serverName: 'B' });
    expect(sharing.dataDir).toBe(a.dataDir);
    const own = tempDir();
    // A key left in a server's own folder does not split the estate: the database's is used.
    writeFileSync(join(own, snapshotLinkKeyFileName), `${'ab'.repeat(32)}\n`);
    await startTestApp({ dataDir: own, databaseUrl: url, serverName: 'C' });
    expect(readFileSync(join(own, instanceIdFileName), 'utf8')).toBe(
      readFileSync(join(a.dataDir, instanceIdFileName), 'utf8'),
    );
    const db = await openTestDatabase(a.dataDir);
    onTestFinished(() => db.destroy());
    const key = await sharedSecret(db, a.dataDir, snapshotLinkKeyFileName);
    expect(await sharedSecret(db, own, snapshotLinkKeyFileName)).toEqual(key);
    expect(key.toString('hex')).not.toBe('ab'.repeat(32));
  });
});

describe.skipIf(testOnPostgres)('one server on SQLite', () => {
  it('keeps the folder to itself and runs every job itself', async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    onTestFinished(() => db.destroy());
    const claims = createJobClaims(db, 'only');
    expect(await claims.claim('a test job', 60_000)).not.toBeNull();
    expect(await claims.claim('a test job', 60_000)).not.toBeNull();
  });
});
