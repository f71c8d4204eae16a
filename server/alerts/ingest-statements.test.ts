import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { alertWorld } from '../test-support/alert-world';
import { jpegBytes } from '../test-support/multipart';
import { ingestKeyHeader, startTestApp } from '../test-support/test-app';
import { knownTestDatabaseUrl, openTestDatabase, testOnPostgres } from '../test-support/test-database';

type World = Awaited<ReturnType<typeof alertWorld>>;

/** A report as the one-call form takes it: without snapshotId, which its file part fills. */
const reportOf = (world: World, change: Record<string, unknown> = {}) => {
  const report: Record<string, unknown> = world.report(change);
  delete report.snapshotId;
  return report;
};

/** The AI server's bucket of `kind` as stored. */
async function bucketOf(world: World, kind: string) {
  const db = await openTestDatabase(world.t.dataDir);
  try {
    return await db
      .selectFrom('ingest_quotas')
      .select(['tokens', 'refilled_at'])
      .where('ai_server_id', '=', world.serverId)
      .where('kind', '=', kind as 'alerts')
      .executeTakeFirst();
  } finally {
    await db.destroy();
  }
}

const statuses = (answers: readonly { statusCode: number }[]) =>
  answers.map((answer) => answer.statusCode).sort();

describe('the ingest quotas of alerts sent at once, taken once per batch', () => {
  it('store as many as the bucket holds and refuse the rest with 429 and the wait', async () => {
    const world = await alertWorld({ ingest: { alertsPerSecond: 1, alertBurst: 4 } });
    // The first goes alone; the others ask while it runs, and share the next batch and its bucket.
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => world.postAlertWithSnapshot(reportOf(world))),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect((await bucketOf(world, 'alerts'))?.tokens).toBe(0);
    world.t.clock.advance(1000);
    expect((await world.postAlertWithSnapshot(reportOf(world))).statusCode).toBe(200);
    expect((await world.postAlertWithSnapshot(reportOf(world))).statusCode).toBe(429);
  });

  it('leave the bucket as if a write refused in the middle of a batch never came', async () => {
    const world = await alertWorld({ ingest: { snapshotMbPerHour: 1 } });
    const frame = Buffer.concat([jpegBytes, Buffer.alloc(200 * 1024)]);
    const badBox = { boxes: [{ x: 0.9, y: 0, width: 0.5, height: 0.1 }] };
    const before = (await bucketOf(world, 'snapshotBytes'))?.tokens ?? 0;
    // The refused one takes its snapshot's bytes before its box is found at fault.
    const answers = await Promise.all([
      world.postAlertWithSnapshot(reportOf(world), frame),
      world.postAlertWithSnapshot(reportOf(world), frame),
      world.postAlertWithSnapshot(reportOf(world, badBox), frame),
      world.postAlertWithSnapshot(reportOf(world, badBox), frame),
      world.postAlertWithSnapshot(reportOf(world), frame),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 400, 400, 200]);
    expect((await bucketOf(world, 'snapshotBytes'))?.tokens).toBe(before - 3 * frame.length);
  });
});

/** The statement reading a batch's facts (reported-alerts.ts), its AI servers' buckets locked first. */
const factsRead = /^with "buckets" as \(insert into ingest_quotas /;

/**
 * The transactions of batched writes (batched-writes.ts) the app ran on PostgreSQL while `run` ran,
 * each as the statements it sent (each a round trip), from its begin to its commit. The app's jobs
 * running meanwhile are left out: only a batch of reports reads its facts with its buckets locked.
 */
async function batchesDuring(run: () => Promise<void>): Promise<string[][]> {
  const sent = new Map<unknown, string[]>();
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [text] = args;
    const statements = sent.get(this) ?? [];
    statements.push(typeof text === 'string' ? text : (text as { text: string }).text);
    sent.set(this, statements);
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  const transactions = [...sent.values()].flatMap((statements) => {
    const ended: string[][] = [];
    let open: string[] | undefined;
    for (const text of statements) {
      if (text === 'begin') open = [];
      open?.push(text);
      if (text === 'commit' && open) ended.push(open);
      if (text === 'commit') open = undefined;
    }
    return ended;
  });
  return transactions.filter((statements) => statements.some((text) => factsRead.test(text)));
}

describe.skipIf(!testOnPostgres)('alerts ingested on PostgreSQL', () => {
  it('cost the same statements per batch however many alerts it holds', async () => {
    const world = await alertWorld();
    expect((await world.postAlertWithSnapshot(reportOf(world))).statusCode).toBe(200);
    const count = 20;
    const batches = await batchesDuring(async () => {
      const answers = await Promise.all(
        Array.from({ length: count }, () => world.postAlertWithSnapshot(reportOf(world))),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    });
    // The first ran alone; the others asked meanwhile, and share a batch or two.
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.length).toBeLessThan(count / 2);
    for (const statements of batches) {
      // Begin; the facts with the buckets locked and the rows' keys; the snapshots' rows; the alerts;
      // the rules; the buckets written; the three rollups; commit (which numbers the alerts).
      expect(statements.length).toBeLessThanOrEqual(8);
      expect(statements.filter((text) => /^insert into "alerts"/.test(text))).toHaveLength(1);
      expect(statements.filter((text) => /^insert into "files"/.test(text))).toHaveLength(1);
      // The buckets are locked with the facts and written once per batch, not once per alert.
      expect(statements.filter((text) => factsRead.test(text))).toHaveLength(1);
      expect(statements.filter((text) => /^insert into "ingest_quotas"/.test(text))).toHaveLength(1);
    }
  });

  it('read the snapshots the reports name with their facts, not one statement per report', async () => {
    const world = await alertWorld();
    expect((await world.ingest('ingestAlert', { body: world.report() })).status).toBe(200);
    const count = 20;
    const batches = await batchesDuring(async () => {
      const answers = await Promise.all(
        Array.from({ length: count }, () => world.ingest('ingestAlert', { body: world.report() })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    });
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.length).toBeLessThan(count / 2);
    for (const statements of batches) {
      expect(statements.length).toBeLessThanOrEqual(8);
      expect(statements.filter((text) => /^select [^(]* from "files"/.test(text))).toEqual([]);
    }
  });

  it('store one alert of a sourceId sent through two console servers at once, all answering it', async () => {
    const world = await alertWorld({ serverName: 'A' });
    const b = await startTestApp({ databaseUrl: knownTestDatabaseUrl(world.t.dataDir), serverName: 'B' });
    const db = await openTestDatabase(world.t.dataDir);
    onTestFinished(() => db.destroy());
    for (const sourceId of ['frame-1', 'frame-2', 'frame-3']) {
      const body = world.report({ sourceId });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          n % 2 === 0
            ? world.ingest('ingestAlert', { body })
            : b.call('ingestAlert', { body, headers: { [ingestKeyHeader]: world.key } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const ids = new Set(answers.map((answer) => (answer.body as { data: { id: number } }).data.id));
      expect(ids.size).toBe(1);
      const stored = await db.selectFrom('alerts').select('id').where('source_id', '=', sourceId).execute();
      expect(stored.map((row) => row.id)).toEqual([...ids]);
    }
  });

  it('never spends more tokens than the bucket holds, through two console servers at once', async () => {
    const ingest = { alertsPerSecond: 1, alertBurst: 10 };
    const world = await alertWorld({ ingest, serverName: 'A' });
    const b = await startTestApp({
      databaseUrl: knownTestDatabaseUrl(world.t.dataDir),
      serverName: 'B',
      ingest,
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        n % 2 === 0
          ? world.ingest('ingestAlert', { body: world.report() })
          : b.call('ingestAlert', { body: world.report(), headers: { [ingestKeyHeader]: world.key } }),
      ),
    );
    const codes = answers.map((answer) => answer.status);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(30);
  });
});
