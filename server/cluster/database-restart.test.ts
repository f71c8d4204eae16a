import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { alertWorld } from '../test-support/alert-world';
import { openEventStream, type OpenStream } from '../test-support/event-stream';
import { startPostgresCluster } from '../test-support/postgres-cluster';
import {
  clientHeaders,
  ingestKeyHeader,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type CallResult,
  type TestApp,
} from '../test-support/test-app';
import { testOnPostgres } from '../test-support/test-database';
import { waitUntil } from '../test-support/wait-until';
import { scaled } from '../../test-support/test-timeouts';

/** A cluster of the test's own, which it may stop and start: the run's cluster serves other files. */
async function ownDatabase() {
  const cluster = await startPostgresCluster();
  onTestFinished(() => cluster.stop());
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('create database cfop').finally(() => admin.end());
  return { cluster, url: cluster.url('cfop') };
}

interface Answer {
  readonly startedAt: number;
  readonly answeredAt: number;
  readonly result: CallResult;
}

/**
 * Reports alerts one after another until stopped, keeping every answer; after a refusal it waits a
 * moment as a box would, rather than spinning on a database that is away.
 */
function keepIngesting(report: () => Promise<CallResult>) {
  const answers: Answer[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const startedAt = Date.now();
      const result = await report();
      answers.push({ startedAt, answeredAt: Date.now(), result });
      if (!result.body.success) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    answers,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** The alert stream on `app`, opened again after the last event seen whenever it ends, as EventSource does. */
function followAlerts(app: TestApp['app'], token: string) {
  const seen = new Set<number>();
  let lastEventId: string | null = null;
  let stream: OpenStream | undefined;
  let following = true;
  const follow = async () => {
    while (following) {
      const headers = { ...clientHeaders, [tokenHeader]: token };
      stream = await openEventStream(app, '/cfop/alerts/stream', {
        ...headers,
        ...(lastEventId !== null && { 'last-event-id': lastEventId }),
      }).catch(() => undefined);
      for (;;) {
        const [event] = (await stream?.nextEvents(1)) ?? [];
        if (event === undefined) break;
        lastEventId = event.id ?? lastEventId;
        seen.add((JSON.parse(event.data) as { id: number }).id);
      }
      // A refused or ended stream is opened again after the stream's retry, shortened for the test.
      if (following) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  void follow();
  return {
    seen,
    /** Connected: a stream opened without a last event starts at the newest alert then. */
    connected: () => stream?.comments.includes('connected') === true,
    lastEventId: () => lastEventId,
    stop() {
      following = false;
      stream?.close();
    },
  };
}

describe.skipIf(!testOnPostgres)('a PostgreSQL restart under load', () => {
  it(
    'crashes neither server: ingest answers 503 meanwhile, then again at once, and no alert is lost',
    async () => {
      const { cluster, url } = await ownDatabase();
      // The test's clock stands still, so the box's allowance of alerts never refills: no limit here.
      const ingest = { alertBurst: 1_000_000 };
      const world = await alertWorld({ databaseUrl: url, serverName: 'A', ingest });
      const b = await startTestApp({ databaseUrl: url, serverName: 'B', ingest });
      const token = await b.signIn('admin', testAdminPassword);
      const stream = followAlerts(b.app, token);
      onTestFinished(() => stream.stop());
      await waitUntil(stream.connected, 'the alert stream connected');
      const throughB = (body: unknown) =>
        b.call('ingestAlert', { body, headers: { [ingestKeyHeader]: world.key } });
      const ingests = [
        keepIngesting(() => world.ingest('ingestAlert', { body: world.report() })),
        keepIngesting(() => world.ingest('ingestAlert', { body: world.report() })),
        keepIngesting(() => throughB(world.report())),
      ];
      const answers = () => ingests.flatMap((ingest) => ingest.answers);
      const accepted = () => answers().filter((answer) => answer.result.body.success);
      await waitUntil(() => accepted().length >= 10, 'alerts accepted before the restart');

      await cluster.halt();
      const refused = () => answers().filter((answer) => !answer.result.body.success);
      await waitUntil(() => refused().length >= 3, 'ingest refused while the database is away');
      await cluster.resume();
      const returnedAt = Date.now();
      const answeredAgain = () => accepted().find((answer) => answer.startedAt >= returnedAt);
      await waitUntil(() => answeredAgain() !== undefined, 'ingest answered again', 5000);
      const afterReturn = accepted().filter((answer) => answer.startedAt >= returnedAt).length;
      await waitUntil(
        () => accepted().filter((answer) => answer.startedAt >= returnedAt).length >= afterReturn + 10,
        'ingest going on after the restart',
      );
      for (const ingest of ingests) await ingest.stop();
      console.info(
        `first ingest answered ${(answeredAgain()?.answeredAt ?? 0) - returnedAt} ms after the database's return`,
      );

      // Every refusal was a 503 telling when to retry, never a 500.
      expect(refused().length).toBeGreaterThan(0);
      for (const { result } of refused()) {
        expect({ status: result.status, code: result.body.code }).toEqual({ status: 503, code: '503' });
        expect(Number(result.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Both servers answer, and every alert either acknowledged is stored and reached B's stream.
      const ids = accepted().map((answer) => answer.result.body.data.id as number);
      for (const t of [world.t, b]) {
        const listed = await t.call('listAlerts', { token });
        expect(listed.body.data.total).toBeGreaterThanOrEqual(ids.length);
      }
      await waitUntil(
        () => ids.every((id) => stream.seen.has(id)),
        'every accepted alert on the stream',
      ).catch(async (error: unknown) => {
        const missing = ids.filter((id) => !stream.seen.has(id));
        const rows = await world.t.call('listAlerts', { token, query: { pageSize: 5 } });
        throw new Error(
          `${(error as Error).message}: ${missing.length} of ${ids.length} missing (${missing.slice(0, 5).join(', ')}), last event ${stream.lastEventId()}, newest ${JSON.stringify(rows.body.data.items.map((item: { id: number; revision: number }) => [item.id, item.revision]))}`,
        );
      });
      // A cluster of its own and its migrations, two servers and a restart: slow on a busy machine.
    },
    scaled(120_000),
  );
});
