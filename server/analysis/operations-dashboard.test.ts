import { describe, expect, it } from 'vitest';
import { alertWorld } from '../test-support/alert-world';
import {
  addRole,
  addUser,
  fieldMessages,
  snapshotRows,
  startTestApp,
  testAdminPassword,
} from '../test-support/test-app';

type World = Awaited<ReturnType<typeof alertWorld>>;

interface Bucket {
  start: string;
  low: number;
  medium: number;
  high: number;
  critical: number;
}

/** The tests move the clock by days, months in one: the administrator stays signed in. */
const longSessions = { sessionTtlHours: 24 * 366, sessionIdleMinutes: 60 * 24 * 366 };

const noAlerts = { low: 0, medium: 0, high: 0, critical: 0 };

/** Moves the test clock to an instant (forward only, as the world's clock runs). */
function setClock(world: World, at: string): void {
  const gap = Date.parse(at) - world.t.clock.now().getTime();
  if (gap < 0) throw new Error(`the clock is past ${at}`);
  world.t.clock.advance(gap);
}

async function dashboard(world: World, query: Record<string, string>) {
  const { status, body } = await world.t.call('getOperationsDashboard', { token: world.token, query });
  expect(status).toBe(200);
  return body.data as {
    period: { from: string; to: string; bucket: string; preset: string | null; timeZone: string };
    devices: unknown;
    alerts: Record<string, unknown>;
    deviceAlerts: { total: number; pending: number };
    trend: Bucket[];
    topCameras: unknown[];
    topLabels: unknown[];
  };
}

/** The buckets holding alerts, by start: the rest are zero. */
const busyBuckets = (trend: Bucket[]) =>
  Object.fromEntries(
    trend
      .filter((b) => b.low + b.medium + b.high + b.critical > 0)
      .map(({ start, ...counts }) => [start, counts]),
  );

describe('the operations dashboard', () => {
  it('counts the last 24 hours by status, level, hour, camera and type, with the devices now', async () => {
    const world = await alertWorld(longSessions);
    const { raise, cameras, ingest, ok } = world;
    setClock(world, '2030-01-03T11:00:00.000Z');
    const [one, two] = cameras as [World['cameras'][number], World['cameras'][number]];
    const onTwo = { cameraId: two.id, taskId: two.taskId };
    // Just before the period, then at its first instant.
    await raise({ occurredAt: '2030-01-02T11:59:59.999Z', level: 'critical' });
    await raise({ occurredAt: '2030-01-02T12:00:00.000Z', level: 'medium' });
    const helmet = await raise({ occurredAt: '2030-01-03T10:15:00.000Z', level: 'high' });
    const smoking = await raise({
      occurredAt: '2030-01-03T10:45:00.000Z',
      level: 'critical',
      label: '吸烟',
      ...onTwo,
    });
    setClock(world, '2030-01-03T11:59:00.000Z');
    await raise({ occurredAt: '2030-01-03T11:58:30.000Z', level: 'low' });
    await ok('handleAlert', { params: { id: helmet.id }, body: { decision: 'confirm' } });
    await ok('handleAlert', { params: { id: smoking.id }, body: { decision: 'dismiss' } });
    const reportStream = (status: 'online' | 'offline') =>
      ingest('ingestHeartbeat', { body: { cpuLoad: 10, memoryLoad: 20, cameras: [{ id: one.id, status }] } });
    await reportStream('online');
    // Its stream lost and back: two device alerts (one handled), counted apart from the AI's.
    await reportStream('offline');
    await reportStream('online');
    const [deviceAlert] = (await ok('listAlerts', { query: { source: 'device' } })).items;
    await ok('handleAlert', { params: { id: deviceAlert.id }, body: { decision: 'confirm' } });
    setClock(world, '2030-01-03T12:00:00.000Z');

    const data = await dashboard(world, { preset: 'last24h', timeZone: 'UTC' });
    expect(data.period).toEqual({
      from: '2030-01-02T12:00:00.000Z',
      to: '2030-01-03T12:00:00.000Z',
      timeZone: 'UTC',
      bucket: 'hour',
      preset: 'last24h',
    });
    expect(data.devices).toEqual({
      aiServers: { total: 2, online: 1, offline: 1 },
      cameras: { total: 3, online: 1, offline: 2 },
    });
    // Both handled at 11:59:01: 6241 s and 4441 s after they occurred.
    expect(data.alerts).toEqual({
      total: 4,
      pending: 2,
      confirmed: 1,
      dismissed: 1,
      byLevel: { low: 1, medium: 1, high: 1, critical: 1 },
      handledRatio: 0.5,
      falseAlarmRatio: 0.5,
      meanHandlingSeconds: (6241 + 4441) / 2,
    });
    expect(data.deviceAlerts).toEqual({ total: 2, pending: 1 });
    expect(data.trend).toHaveLength(24);
    expect(data.trend[0]?.start).toBe('2030-01-02T12:00:00.000Z');
    expect(busyBuckets(data.trend)).toEqual({
      '2030-01-02T12:00:00.000Z': { ...noAlerts, medium: 1 },
      '2030-01-03T10:00:00.000Z': { ...noAlerts, high: 1, critical: 1 },
      '2030-01-03T11:00:00.000Z': { ...noAlerts, low: 1 },
    });
    expect(data.topCameras).toEqual([
      { cameraId: one.id, cameraName: '北门-1', area: '一号园区', count: 3, pending: 2 },
      { cameraId: two.id, cameraName: '北门-2', area: '二号园区', count: 1, pending: 0 },
    ]);
    expect(data.topLabels).toEqual([
      { label: '未戴安全帽', count: 3, pending: 2 },
      { label: '吸烟', count: 1, pending: 0 },
    ]);
  });

  it('buckets by the local hours and days of Asia/Shanghai, not by UTC ones', async () => {
    const world = await alertWorld(longSessions);
    setClock(world, '2030-01-10T03:59:00.000Z'); // 11:59 in Shanghai (UTC+8).
    await world.raise({ occurredAt: '2030-01-09T15:59:59.000Z' }); // 23:59:59 on the 9th there.
    await world.raise({ occurredAt: '2030-01-09T16:00:00.000Z' }); // Midnight of the 10th there.

    const today = await dashboard(world, { preset: 'today', timeZone: 'Asia/Shanghai' });
    expect(today.period).toMatchObject({ from: '2030-01-09T16:00:00.000Z', bucket: 'hour' });
    expect(today.trend.map((b) => b.start)).toEqual(
      Array.from({ length: 12 }, (_, h) =>
        new Date(Date.parse('2030-01-09T16:00:00.000Z') + h * 3_600_000).toISOString(),
      ),
    );
    expect(today.alerts.total).toBe(1);
    expect(busyBuckets(today.trend)).toEqual({ '2030-01-09T16:00:00.000Z': { ...noAlerts, high: 1 } });

    const week = await dashboard(world, { preset: 'last7d', timeZone: 'Asia/Shanghai' });
    expect(week.period).toMatchObject({ from: '2030-01-03T16:00:00.000Z', bucket: 'day' });
    expect(week.trend).toHaveLength(7);
    expect(busyBuckets(week.trend)).toEqual({
      '2030-01-08T16:00:00.000Z': { ...noAlerts, high: 1 },
      '2030-01-09T16:00:00.000Z': { ...noAlerts, high: 1 },
    });

    // The same alerts fall on one UTC day.
    const utcWeek = await dashboard(world, { preset: 'last7d', timeZone: 'UTC' });
    expect(utcWeek.period.from).toBe('2030-01-04T00:00:00.000Z');
    expect(busyBuckets(utcWeek.trend)).toEqual({ '2030-01-09T00:00:00.000Z': { ...noAlerts, high: 2 } });
  });

  it('follows daylight saving time: a 25-hour day, by the hour and by the day', async () => {
    // Reported days late, as a box back online after a week without network may.
    const world = await alertWorld({ ...longSessions, ingest: { maxAgeHours: 24 * 7 } });
    setClock(world, '2030-11-01T00:00:00.000Z');
    // Berlin sets its clocks back on 27 October 2030: 03:00 CEST becomes 02:00 CET.
    await world.raise({ occurredAt: '2030-10-27T00:30:00.000Z' }); // 02:30 CEST.
    await world.raise({ occurredAt: '2030-10-27T01:30:00.000Z' }); // 02:30 CET, the same local hour again.
    await world.raise({ occurredAt: '2030-10-27T22:59:59.000Z' }); // 23:59:59 CET on the 27th.
    const sunday = { from: '2030-10-26T22:00:00.000Z', to: '2030-10-27T23:00:00.000Z' };

    const hours = await dashboard(world, { ...sunday, timeZone: 'Europe/Berlin' });
    expect(hours.period).toMatchObject({ ...sunday, bucket: 'hour', preset: null });
    expect(hours.trend).toHaveLength(25);
    expect(busyBuckets(hours.trend)).toEqual({
      '2030-10-27T00:00:00.000Z': { ...noAlerts, high: 1 },
      '2030-10-27T01:00:00.000Z': { ...noAlerts, high: 1 },
      '2030-10-27T22:00:00.000Z': { ...noAlerts, high: 1 },
    });

    const days = await dashboard(world, {
      from: sunday.from,
      to: '2030-10-28T23:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    expect(days.period.bucket).toBe('day');
    expect(days.trend.map((b) => b.start)).toEqual(['2030-10-26T22:00:00.000Z', '2030-10-27T23:00:00.000Z']);
    expect(days.trend[0]).toMatchObject({ high: 3 });
  });

  it('answers an empty period with zeros, no ratios and empty rankings', async () => {
    const world = await alertWorld(longSessions);
    const data = await dashboard(world, { preset: 'last30d', timeZone: 'Asia/Kolkata' });
    expect(data.period.bucket).toBe('day');
    expect(data.trend).toHaveLength(30);
    expect(data.trend.every((b) => b.low + b.medium + b.high + b.critical === 0)).toBe(true);
    expect(data.alerts).toEqual({
      total: 0,
      pending: 0,
      confirmed: 0,
      dismissed: 0,
      byLevel: noAlerts,
      handledRatio: null,
      falseAlarmRatio: null,
      meanHandlingSeconds: null,
    });
    expect(data.topCameras).toEqual([]);
    expect(data.topLabels).toEqual([]);
  });

  it('takes the last 24 hours when no period is given, on the half hours of a UTC+5:30 zone', async () => {
    const world = await alertWorld(longSessions);
    const data = await dashboard(world, { timeZone: 'Asia/Kolkata' });
    // The clock stands at 2030-01-01T08:00Z, 13:30 in Kolkata: its hours begin at half past in UTC.
    expect(data.period).toMatchObject({ preset: 'last24h', from: '2029-12-31T08:00:00.000Z' });
    expect(data.trend[0]?.start).toBe('2029-12-31T07:30:00.000Z');
    expect(data.trend).toHaveLength(25);
  });

  it.each([
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, ['query.timeZone']],
    ['a time zone that is an injection', { timeZone: "UTC'; drop table alerts; --" }, ['query.timeZone']],
    ['no time zone', { timeZone: null }, ['query.timeZone']],
    ['an unknown preset', { preset: 'yesterday' }, ['query.preset']],
    ['a from that is no time', { from: '2030-01-01', to: '2030-01-02T00:00:00Z' }, ['query.from']],
    ['a from without a to', { from: '2030-01-01T00:00:00Z' }, ['query.to']],
    ['a to without a from', { to: '2030-01-01T00:00:00Z' }, ['query.from']],
    [
      'a preset beside a range',
      { preset: 'today', from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z' },
      ['query.preset'],
    ],
    ['a to before the from', { from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' }, ['query.to']],
    ['an empty range', { from: '2030-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' }, ['query.to']],
    ['a range over 366 days', { from: '2029-01-01T00:00:00Z', to: '2030-01-03T00:00:00Z' }, ['query.to']],
    [
      'a bad zone and a bad range at once',
      { timeZone: 'Nowhere', from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' },
      ['query.timeZone', 'query.to'],
    ],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_case, change, fields) => {
    const world = await alertWorld(longSessions);
    await world.raise();
    const before = snapshotRows(world.t.dataDir);
    const query = Object.fromEntries(
      Object.entries({ timeZone: 'Asia/Shanghai', ...change }).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      ),
    );
    const { status, body } = await world.t.call('getOperationsDashboard', { token: world.token, query });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: '400' });
    expect(Object.keys(fieldMessages(body)).sort()).toEqual([...fields].sort());
    expect(snapshotRows(world.t.dataDir)).toEqual(before);
  });

  it('takes 366 local days that gain an hour from daylight saving time', async () => {
    const world = await alertWorld(longSessions);
    // Berlin: from midnight of 27 October 2029 (summer time) to midnight of 28 October 2030 (winter
    // time, since the 27th) are 366 local days and 366 × 24 + 1 hours.
    const data = await dashboard(world, {
      from: '2029-10-26T22:00:00.000Z',
      to: '2030-10-27T23:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    expect(data.trend).toHaveLength(366);
  });

  it('takes a range of exactly 366 days', async () => {
    const world = await alertWorld(longSessions);
    const data = await dashboard(world, {
      from: '2028-01-01T00:00:00Z',
      to: '2029-01-01T00:00:00Z',
      timeZone: 'UTC',
    });
    expect(data.trend).toHaveLength(366);
  });

  it('is denied without KEY.ANALYSIS and open with it alone', async () => {
    const t = await startTestApp();
    await addRole(t.dataDir, 'watcher', ['KEY.CENTER', 'KEY.CENTER.AIWARN']);
    await addRole(t.dataDir, 'analyst', ['KEY.ANALYSIS']);
    await addUser(t.dataDir, { username: 'watcher', password: testAdminPassword, roles: ['watcher'] });
    await addUser(t.dataDir, { username: 'analyst', password: testAdminPassword, roles: ['analyst'] });
    const query = { preset: 'today', timeZone: 'Asia/Shanghai' };
    const denied = await t.call('getOperationsDashboard', {
      token: await t.signIn('watcher', testAdminPassword),
      query,
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ success: false, code: '403' });
    const allowed = await t.call('getOperationsDashboard', {
      token: await t.signIn('analyst', testAdminPassword),
      query,
    });
    expect(allowed.status).toBe(200);
    expect((await t.call('getOperationsDashboard', { query })).status).toBe(401);
  });
});
