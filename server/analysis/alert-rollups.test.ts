import { describe, expect, it } from 'vitest';
import { removeExpiredAlerts } from '../alerts/alert-tasks';
import { runOperatorCommand } from '../cli/operator-commands';
import type { Db } from '../db/open-database';
import { alertWorld, testAlertHooks } from '../test-support/alert-world';
import { testAdminPassword } from '../test-support/test-app';
import { knownTestDatabaseUrl, openTestDatabase } from '../test-support/test-database';
import { testPasswordCost } from '../auth/password-hash';
import { rebuildAlertRollups } from './alert-rollups';
import { countedColumns, type CountedAlert } from '../alerts/alert-hooks';
import { resolvePeriod } from './dashboard-period';
import { createFolderStorage } from '../storage/folder-storage';
import { scaled } from '../../test-support/test-timeouts';

type World = Awaited<ReturnType<typeof alertWorld>>;

const hours = (n: number) => n * 3_600_000;

/** The tests report alerts days old and move the clock by days: the administrator stays signed in. */
const options = {
  sessionTtlHours: 24 * 366,
  sessionIdleMinutes: 60 * 24 * 366,
  ingest: { maxAgeHours: 24 * 30 },
};

async function withDb<T>(world: World, read: (db: Db) => Promise<T>): Promise<T> {
  const db = await openTestDatabase(world.t.dataDir);
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

/** Every rollup's rows, in one order. */
async function rollupRows(db: Db) {
  const quarters = await db
    .selectFrom('alert_rollups')
    .selectAll()
    .orderBy('slot_start')
    .orderBy('source')
    .orderBy('level')
    .orderBy('status')
    .execute();
  const days = await db
    .selectFrom('alert_day_rollups')
    .selectAll()
    .orderBy('day_start')
    .orderBy('source')
    .orderBy('camera_id')
    .orderBy('label')
    .orderBy('status')
    .execute();
  const hourRows = await db
    .selectFrom('alert_hour_rollups')
    .selectAll()
    .orderBy('hour_start')
    .orderBy('source')
    .orderBy('camera_id')
    .orderBy('label')
    .orderBy('status')
    .execute();
  return { quarters, days, hours: hourRows };
}

/** The rollups as kept, and as a recount from the alerts makes them (in a transaction undone). */
async function keptAndRecounted(db: Db) {
  const kept = await rollupRows(db);
  let recounted: Awaited<ReturnType<typeof rollupRows>> | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await rebuildAlertRollups(trx);
      recounted = await rollupRows(trx);
      throw new Error('undo');
    })
    .catch(() => undefined);
  return { kept, recounted };
}

/**
 * The dashboard's alert figures counted straight from the alerts, in JavaScript, as the dashboard
 * defines them: the reference the rollups must equal.
 */
function directFigures(alerts: readonly CountedAlert[], from: number, to: number) {
  const inPeriod = alerts.filter((a) => {
    const at = Date.parse(a.occurred_at);
    return at >= from && at < to;
  });
  const ai = inPeriod.filter((a) => a.source === 'ai');
  const device = inPeriod.filter((a) => a.source === 'device');
  const handled = ai.filter((a) => a.status !== 'pending');
  const ms = handled.reduce((sum, a) => sum + Date.parse(a.handled_at ?? '') - Date.parse(a.occurred_at), 0);
  const byLevel = { low: 0, medium: 0, high: 0, critical: 0 };
  for (const a of ai) byLevel[a.level] += 1;
  const rank = <K>(keyOf: (a: CountedAlert) => K) => {
    const groups = new Map<K, { count: number; pending: number }>();
    for (const a of ai) {
      const group = groups.get(keyOf(a)) ?? { count: 0, pending: 0 };
      group.count += 1;
      if (a.status === 'pending') group.pending += 1;
      groups.set(keyOf(a), group);
    }
    return [...groups].map(([key, group]) => ({ key, ...group }));
  };
  const count = (status: string) => ai.filter((a) => a.status === status).length;
  return {
    alerts: {
      total: ai.length,
      pending: count('pending'),
      confirmed: count('confirmed'),
      dismissed: count('dismissed'),
      byLevel,
      handledRatio: ai.length === 0 ? null : handled.length / ai.length,
      falseAlarmRatio: handled.length === 0 ? null : count('dismissed') / handled.length,
      meanHandlingSeconds: handled.length === 0 ? null : Math.round(ms / 1000 / handled.length),
    },
    deviceAlerts: { total: device.length, pending: device.filter((a) => a.status === 'pending').length },
    cameras: rank((a) => a.camera_id),
    labels: rank((a) => a.label),
  };
}

type Query = Record<string, string>;

/** The dashboard as the API answers it, beside the same figures counted from the alerts. */
async function dashboardAndDirect(world: World, query: Query) {
  const { body } = await world.t.call('getOperationsDashboard', { token: world.token, query });
  expect(body.success).toBe(true);
  const answer = body.data as {
    alerts: Record<string, unknown>;
    deviceAlerts: unknown;
    trend: { low: number; medium: number; high: number; critical: number }[];
    topCameras: { cameraId: number | null; count: number; pending: number }[];
    topLabels: { label: string; count: number; pending: number }[];
  };
  const period = resolvePeriod(query as Parameters<typeof resolvePeriod>[0], world.t.clock.now());
  const alerts = await withDb(world, (db) => db.selectFrom('alerts').select(countedColumns).execute());
  const direct = directFigures(alerts, period.from, period.to);
  const trend = period.buckets.map((b) => directFigures(alerts, b.from, b.to).alerts.byLevel);
  return {
    answer: {
      alerts: answer.alerts,
      deviceAlerts: answer.deviceAlerts,
      trend: answer.trend.map(({ low, medium, high, critical }) => ({ low, medium, high, critical })),
      cameras: answer.topCameras.map((c) => ({ key: c.cameraId, count: c.count, pending: c.pending })),
      labels: answer.topLabels.map((l) => ({ key: l.label, count: l.count, pending: l.pending })),
    },
    direct: {
      alerts: direct.alerts,
      deviceAlerts: direct.deviceAlerts,
      trend,
      // Fewer than ten of each here: the rankings hold every group, in any order.
      cameras: expect.arrayContaining(direct.cameras) as unknown,
      labels: expect.arrayContaining(direct.labels) as unknown,
    },
    rankedCounts: [answer.topCameras.length, answer.topLabels.length],
    directCounts: [direct.cameras.length, direct.labels.length],
  };
}

/**
 * Periods whose ends fall inside slots (odd milliseconds, 30/45-minute zones) and across days: the
 * rankings then read whole days, whole hours of the days held in part, and the alerts of the rest.
 */
function periods(world: World): Query[] {
  const now = world.t.clock.now().getTime();
  const at = (ms: number) => new Date(ms).toISOString();
  const hour = Math.floor(now / hours(1)) * hours(1);
  return [
    { preset: 'last24h', timeZone: 'Asia/Kathmandu' },
    { preset: 'today', timeZone: 'Asia/Kolkata' },
    { preset: 'last7d', timeZone: 'Asia/Kolkata' },
    { preset: 'last30d', timeZone: 'Pacific/Chatham' },
    { from: at(now - hours(50) - 123_457), to: at(now - hours(3) + 7_001), timeZone: 'UTC' },
    { from: at(now - hours(20) + 61_000), to: at(now - hours(19) - 1), timeZone: 'Asia/Shanghai' },
    // Whole UTC hours only: no alert is counted one by one.
    { from: at(hour - hours(40)), to: at(hour - hours(2)), timeZone: 'UTC' },
    { from: at(hour - hours(6)), to: at(hour - hours(1)), timeZone: 'UTC' },
  ];
}

async function expectDashboardsMatchAlerts(world: World) {
  for (const query of periods(world)) {
    const { answer, direct, rankedCounts, directCounts } = await dashboardAndDirect(world, query);
    expect(answer, JSON.stringify(query)).toEqual(direct);
    expect(rankedCounts).toEqual(directCounts);
  }
  const { kept, recounted } = await withDb(world, keptAndRecounted);
  expect(kept).toEqual(recounted);
}

/** Raises AI alerts spread over the last `days` days, at odd instants, on both cameras. */
async function raiseSpread(world: World, count: number, days: number) {
  const [one, two] = world.cameras as [World['cameras'][number], World['cameras'][number]];
  const levels = ['low', 'medium', 'high', 'critical'] as const;
  const raised: number[] = [];
  for (let i = 0; i < count; i++) {
    const camera = i % 3 === 0 ? two : one;
    const ago = Math.floor((((i * 7919) % 1000) / 1000) * days * 86_400_000) + (i % 997);
    const alert = await world.raise({
      occurredAt: new Date(world.t.clock.now().getTime() - ago).toISOString(),
      level: levels[i % 4],
      label: i % 5 === 0 ? '吸烟' : '未戴安全帽',
      cameraId: camera.id,
      taskId: camera.taskId,
    });
    raised.push(alert.id);
  }
  return raised;
}

describe('the alert rollups', () => {
  it(
    'keep the dashboard equal to counting the alerts through ingest, handling, removal',
    async () => {
      const world = await alertWorld(options);
      const clock = world.t.clock;
      clock.advance(hours(24 * 20) + 1234);
      const ids = await raiseSpread(world, 30, 12);
      // Device alerts: a stream lost and back, one of them handled.
      const heartbeat = (status: 'online' | 'offline') =>
        world.ingest('ingestHeartbeat', {
          body: { cpuLoad: 1, memoryLoad: 1, cameras: [{ id: world.cameras[0]?.id, status }] },
        });
      await heartbeat('online');
      await heartbeat('offline');
      await heartbeat('online');
      await expectDashboardsMatchAlerts(world);

      clock.advance(hours(5) + 777);
      for (const id of ids.slice(0, 8))
        await world.ok('handleAlert', { params: { id }, body: { decision: id % 2 ? 'confirm' : 'dismiss' } });
      await world.ok('bulkHandleAlerts', { body: { ids: ids.slice(5, 20), decision: 'dismiss' } });
      const [deviceAlert] = (await world.ok('listAlerts', { query: { source: 'device' } })).items;
      await world.ok('handleAlert', { params: { id: deviceAlert.id }, body: { decision: 'confirm' } });
      await expectDashboardsMatchAlerts(world);

      // The second camera goes: its alerts stay, with no camera.
      const deleted = await world.t.call('deleteCamera', {
        token: world.token,
        params: { id: world.cameras[1]?.id ?? 0 },
      });
      expect(deleted.status).toBe(200);
      await expectDashboardsMatchAlerts(world);

      clock.advance(hours(24 * 3));
      const removed = await withDb(world, (db) =>
        removeExpiredAlerts(
          { db, clock, storage: createFolderStorage(world.t.dataDir), alertHooks: testAlertHooks },
          10,
        ),
      );
      expect(removed).toBeGreaterThan(0);
      await expectDashboardsMatchAlerts(world);
      // Removed history leaves no rows behind.
      await withDb(world, async (db) => {
        const { quarters, days, hours: hourRows } = await rollupRows(db);
        expect(quarters.every((row) => row.alert_count > 0)).toBe(true);
        expect(days.every((row) => row.alert_count > 0)).toBe(true);
        expect(hourRows.every((row) => row.alert_count > 0)).toBe(true);
      });
    },
    scaled(120_000),
  );

  it('count a batch of alerts ingested at once, with each rollup row written once', async () => {
    const world = await alertWorld(options);
    const at = world.t.clock.now().toISOString();
    // Sent together, they share batched transactions.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        world.ingest('ingestAlert', {
          body: world.report({ occurredAt: at, level: i % 2 ? 'low' : 'high' }),
        }),
      ),
    );
    expect(answers.every((answer) => answer.body.success)).toBe(true);
    await withDb(world, async (db) => {
      const { quarters } = await rollupRows(db);
      expect(quarters.map((row) => [row.level, row.status, row.alert_count])).toEqual([
        ['high', 'pending', 20],
        ['low', 'pending', 20],
      ]);
    });
    await expectDashboardsMatchAlerts(world);
  });

  it('move an alert handled by several operators at once exactly once', async () => {
    const world = await alertWorld(options);
    const alert = await world.raise();
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        world.t.call(i % 2 ? 'handleAlert' : 'bulkHandleAlerts', {
          token: world.token,
          ...(i % 2
            ? { params: { id: alert.id }, body: { decision: 'confirm' } }
            : { body: { ids: [alert.id], decision: 'confirm' } }),
        }),
      ),
    );
    const moved = tries.filter(
      (answer) =>
        answer.status === 200 &&
        (answer.body.data?.id === alert.id ||
          (answer.body.data?.items as { id: number }[] | undefined)?.some((item) => item.id === alert.id)),
    );
    expect(moved).toHaveLength(1);
    // The others were told it is handled already (one by one) or skipped it (in bulk).
    const refused = tries.filter((answer) => answer.status === 400 || answer.body.data?.skipped === 1);
    expect(refused).toHaveLength(5);
    await withDb(world, async (db) => {
      const { quarters } = await rollupRows(db);
      expect(quarters.map((row) => [row.status, row.alert_count])).toEqual([['confirmed', 1]]);
    });
    await expectDashboardsMatchAlerts(world);
  });

  it('are rebuilt by the operator command after they were tampered with', async () => {
    const world = await alertWorld(options);
    world.t.clock.advance(hours(24 * 3));
    const ids = await raiseSpread(world, 12, 2);
    await world.ok('handleAlert', { params: { id: ids[0] ?? 0 }, body: { decision: 'confirm' } });
    const before = await withDb(world, rollupRows);
    await withDb(world, async (db) => {
      await db.updateTable('alert_rollups').set({ alert_count: 99, handling_ms: 5 }).execute();
      await db.deleteFrom('alert_day_rollups').where('status', '=', 'pending').execute();
      await db
        .insertInto('alert_day_rollups')
        .values({
          day_start: '2001-01-01T00:00:00.000Z',
          source: 'ai',
          camera_id: 7,
          label: '假',
          status: 'pending',
          alert_count: 3,
        })
        .execute();
      await db.updateTable('alert_hour_rollups').set({ alert_count: 42 }).execute();
    });
    expect(await withDb(world, rollupRows)).not.toEqual(before);
    await world.t.app.close();

    const out: string[] = [];
    const code = await runOperatorCommand(
      ['alerts:rebuild-rollups'],
      {
        dataDir: world.t.dataDir,
        databaseUrl: knownTestDatabaseUrl(world.t.dataDir),
        admin: { password: testAdminPassword, phone: undefined },
        passwordCost: testPasswordCost,
      },
      { out: (line) => out.push(line), err: (line) => out.push(line) },
    );
    expect({ code, out }).toEqual({
      code: 0,
      out: ["已按 12 条告警重建运营看板的统计 / Rebuilt the operations dashboard's counts from 12 alerts"],
    });
    expect(await withDb(world, rollupRows)).toEqual(before);
  });
});
