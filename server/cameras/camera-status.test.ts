import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import { markSilentServersOffline } from '../alerts/alert-ingest';
import { defaultHealthSettings, streamAlertsOf } from '../alerts/device-health';
import { openTestDatabase } from '../test-support/test-database';
import { alertWorld, testAlertHooks } from '../test-support/alert-world';
import { openEventStream, type OpenStream } from '../test-support/event-stream';
import { watchLive } from '../test-support/live-socket';
import {
  addRole,
  addUser,
  clientHeaders,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
} from '../test-support/test-app';
import { parseAllowedHosts } from '../streams/stream-address';
import { recordStreamRead } from './camera-status';
import { createStatusFeed } from '../cluster/status-feed';
import { scaled } from '../../test-support/test-timeouts';

type Db = Awaited<ReturnType<typeof openTestDatabase>>;

/** What recording a read of a camera's stream needs, on the test app's database and `clock`. */
function readContext<Clock extends { now(): Date }>(db: Db, clock: Clock) {
  return {
    db,
    clock,
    health: defaultHealthSettings,
    alertHooks: testAlertHooks,
    streamAlerts: streamAlertsOf(defaultHealthSettings, testAlertHooks),
    statusFeed: createStatusFeed(),
  };
}

/** A camera's stored status and what said it. */
function storedStatus(db: Db, id: number) {
  return db
    .selectFrom('cameras')
    .select(['status', 'status_source'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

let source: TestStream;
beforeAll(async () => {
  source = await startTestStream();
});
afterAll(async () => {
  await source.stop();
});

/** Signs in a new user holding only `keys` and opens the console's event stream as them. */
async function watcher(t: TestApp, name: string, keys: string[]): Promise<OpenStream> {
  await addRole(t.dataDir, `role-${name}`, keys);
  await addUser(t.dataDir, { username: name, password: 'Watcher-2024', roles: [`role-${name}`] });
  const token = await t.signIn(name, 'Watcher-2024');
  const stream = await openEventStream(t.app, '/cfop/events/stream', {
    ...clientHeaders,
    [tokenHeader]: token,
  });
  expect(stream.status).toBe(200);
  return stream;
}

/** The next status event of `name` on the stream, its data read. */
async function nextStatus(stream: OpenStream, name: string): Promise<Record<string, unknown>> {
  for (;;) {
    const [event] = await stream.nextEvents(1);
    if (!event) throw new Error('the stream ended');
    if (event.event === name) return JSON.parse(event.data) as Record<string, unknown>;
  }
}

/**
 * The next status event of a camera saying `status`: on a loaded machine a probe may time out once
 * and report a flap before the change the test makes, which this passes over.
 */
async function statusBecomes(stream: OpenStream, status: string): Promise<Record<string, unknown>> {
  for (;;) {
    const event = await nextStatus(stream, 'cameraStatus');
    if (event.status === status) return event;
  }
}

// Each case follows a real stream through ffmpeg's probes and relays, a process per read.
describe("a camera's status from its stream", { timeout: scaled(60_000) }, () => {
  it('goes offline when its stream goes away and online when it returns, by the probe, pushed to a camera operator', async () => {
    const t = await startTestApp({
      cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
      cameraProbe: { everySeconds: 0.3 },
      live: { readTimeoutMs: 1000 },
    });
    const stream = await watcher(t, 'cameras', ['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    const admin = await t.signIn('admin', testAdminPassword);
    const { body } = await t.call('createCamera', {
      token: admin,
      body: {
        name: '无AI服务器',
        code: 'PROBED-1',
        mainStreamUrl: source.liveUrl,
        vendor: 'other',
        ip: '10.9.0.1',
      },
    });
    const id = body.data.id as number;
    // No AI server reports it: only the probe can tell.
    expect(await statusBecomes(stream, 'online')).toMatchObject({
      id,
      status: 'online',
      statusSource: 'probe',
    });
    source.cut();
    expect(await statusBecomes(stream, 'offline')).toMatchObject({
      id,
      status: 'offline',
      statusSource: 'probe',
    });
    source.restore();
    expect(await statusBecomes(stream, 'online')).toMatchObject({
      id,
      status: 'online',
      statusSource: 'probe',
    });
    const { body: shown } = await t.call('getCamera', { token: admin, params: { id } });
    expect(shown.data).toMatchObject({ status: 'online', statusSource: 'probe' });
    expect(typeof shown.data.statusChangedAt).toBe('string');
    // Without an AI server, the probe's findings raise the stream alerts: lost, then back (a probe
    // timing out on a loaded machine may add a lost/back pair in between, never two alike in a row).
    const { body: listed } = await t.call('listAlerts', {
      token: admin,
      query: { source: 'device', pageSize: 100 },
    });
    const alerts = listed.data.items as { type: string; cameraId: number; aiServerId: number | null }[];
    const types = alerts.map((alert) => alert.type).reverse();
    expect(types[0]).toBe('cameraStreamLost');
    expect(types.at(-1)).toBe('cameraStreamBack');
    expect(types.every((type, index) => type !== types[index - 1])).toBe(true);
    expect(alerts.every((alert) => alert.cameraId === id && alert.aiServerId === null)).toBe(true);
    stream.close();
  });

  it('goes online while its live view plays and offline when the relay loses the stream, pushed to the video wall', async () => {
    const t = await startTestApp({
      cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
      live: { readTimeoutMs: 1000, startTimeoutMs: 15_000 },
    });
    const stream = await watcher(t, 'wall', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
    const admin = await t.signIn('admin', testAdminPassword);
    const { body } = await t.call('createCamera', {
      token: admin,
      body: {
        name: '播放中',
        code: 'RELAYED-1',
        mainStreamUrl: source.liveUrl,
        vendor: 'other',
        ip: '10.9.0.2',
      },
    });
    const id = body.data.id as number;
    const watched = await watchLive(t.app, id, 'main', admin);
    expect(await watched.refused).toBeNull();
    expect(await nextStatus(stream, 'cameraStatus')).toMatchObject({
      id,
      status: 'online',
      statusSource: 'relay',
    });
    source.cut();
    try {
      expect(await nextStatus(stream, 'cameraStatus')).toMatchObject({
        id,
        status: 'offline',
        statusSource: 'relay',
      });
    } finally {
      source.restore();
    }
    stream.close();
  });

  it('goes offline with a stream-lost alert by the probe when a camera its AI server once listed loses its stream', async () => {
    const world = await alertWorld({
      cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
      cameraProbe: { everySeconds: 0.3 },
      live: { readTimeoutMs: 1000 },
    });
    const { t } = world;
    const stream = await watcher(t, 'cameras', ['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    const camera = await world.ok('createCamera', {
      body: {
        name: '盒子看过',
        code: 'LISTED-1',
        mainStreamUrl: source.liveUrl,
        vendor: 'other',
        ip: '10.9.0.3',
        aiServerId: world.serverId,
      },
    });
    const id = camera.id as number;
    const heartbeat = (cameras: { id: number; status: string }[]) =>
      world.ingest('ingestHeartbeat', { body: { cpuLoad: 10, memoryLoad: 20, cameras } });
    await heartbeat([{ id, status: 'online' }]);
    const ofCamera = async (status: string) => {
      for (;;) {
        const event = await statusBecomes(stream, status);
        if (event.id === id) return event;
      }
    };
    expect(await ofCamera('online')).toMatchObject({ statusSource: 'aiServer' });
    source.cut();
    try {
      // The AI server no longer lists it; the console's probe, newer than its last report, decides.
      t.clock.advance(1000);
      await heartbeat([]);
      expect(await ofCamera('offline')).toMatchObject({ statusSource: 'probe' });
      const { body } = await t.call('listAlerts', {
        token: world.token,
        query: { source: 'device', pageSize: 100 },
      });
      const alerts = body.data.items as { type: string; cameraId: number | null }[];
      expect(alerts.filter((alert) => alert.cameraId === id).map((alert) => alert.type)).toEqual([
        'cameraStreamLost',
      ]);
    } finally {
      source.restore();
    }
    stream.close();
  });

  it('stays online while the console reads it though its AI server goes silent; an unread one goes offline', async () => {
    const world = await alertWorld();
    const { t } = world;
    const cameraWatcher = await watcher(t, 'cameras', ['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    const [read, unread] = world.cameras.map((camera) => camera.id);
    const both = [read, unread].map((id) => ({ id, status: 'online' }));
    await world.ingest('ingestHeartbeat', { body: { cpuLoad: 10, memoryLoad: 20, cameras: both } });
    expect(await nextStatus(cameraWatcher, 'cameraStatus')).toMatchObject({
      id: read,
      statusSource: 'aiServer',
    });
    expect(await nextStatus(cameraWatcher, 'cameraStatus')).toMatchObject({ id: unread, status: 'online' });
    const db = await openTestDatabase(t.dataDir);
    try {
      const ctx = readContext(db, t.clock);
      // The probe found the first camera's stream readable.
      await recordStreamRead(ctx, read as number, 'probe', { ok: true, live: false });
      t.clock.advance((defaultHealthSettings.offlineAfterSeconds + 1) * 1000);
      const silent = await markSilentServersOffline(ctx);
      expect(silent).toBe(1);
      const rows = await db
        .selectFrom('cameras')
        .select(['id', 'status', 'status_source'])
        .orderBy('id')
        .execute();
      expect(rows.filter((row) => row.id === read || row.id === unread)).toEqual([
        { id: read, status: 'online', status_source: 'probe' },
        { id: unread, status: 'offline', status_source: 'aiServer' },
      ]);
      // A silent server tells nothing of its cameras' streams: its own alert, none for them.
      const alerts = await db.selectFrom('alerts').select('type').where('source', '=', 'device').execute();
      expect(alerts.map((alert) => alert.type)).toEqual(['aiServerOffline']);
    } finally {
      await db.destroy();
    }
    cameraWatcher.close();
  });
});

describe("the newest evidence of a camera's stream decides its status", () => {
  it('a failed read newer than the last heartbeat sets it offline with an alert; an older heartbeat does not bring it back, a newer one does', async () => {
    const world = await alertWorld();
    const { t } = world;
    const [id, other] = world.cameras.map((camera) => camera.id as number);
    const heartbeat = (cameras: { id: number | undefined; status: string }[]) =>
      world.ingest('ingestHeartbeat', { body: { cpuLoad: 10, memoryLoad: 20, cameras } });
    await heartbeat([
      { id, status: 'online' },
      { id: other, status: 'online' },
    ]);
    const db = await openTestDatabase(t.dataDir);
    try {
      const ctx = readContext(db, t.clock);
      const statusOf = () => storedStatus(db, id as number);
      const streamAlerts = async () =>
        (
          await db
            .selectFrom('alerts')
            .select('type')
            .where('source', '=', 'device')
            .where('camera_id', '=', id as number)
            .orderBy('id')
            .execute()
        ).map((alert) => alert.type);
      t.clock.advance(1000);
      await heartbeat([{ id: other, status: 'online' }]);
      t.clock.advance(1000);
      await recordStreamRead(ctx, id as number, 'probe', { ok: false, live: false });
      expect(await statusOf()).toEqual({ status: 'offline', status_source: 'probe' });
      expect(await streamAlerts()).toEqual(['cameraStreamLost']);
      // A heartbeat stamped before the read (it came as the probe ran) says nothing newer.
      const probeAhead = { ...ctx, clock: { now: () => new Date(t.clock.now().getTime() + 5000) } };
      await recordStreamRead(probeAhead, id as number, 'probe', { ok: false, live: false });
      await heartbeat([{ id, status: 'online' }]);
      expect(await statusOf()).toEqual({ status: 'offline', status_source: 'probe' });
      expect(await streamAlerts()).toEqual(['cameraStreamLost']);
      t.clock.advance(10_000);
      await heartbeat([{ id, status: 'online' }]);
      expect(await statusOf()).toEqual({ status: 'online', status_source: 'aiServer' });
      expect(await streamAlerts()).toEqual(['cameraStreamLost', 'cameraStreamBack']);
    } finally {
      await db.destroy();
    }
  });

  it('of reads recorded at once, the newer wins whichever commits last', async () => {
    const world = await alertWorld();
    const { t } = world;
    const id = world.cameras[0]?.id as number;
    const db = await openTestDatabase(t.dataDir);
    try {
      const at = (ms: number) => readContext(db, { now: () => new Date(t.clock.now().getTime() + ms) });
      for (const [newer, older] of [
        [false, true],
        [true, false],
      ] as const) {
        t.clock.advance(10_000);
        await Promise.all([
          recordStreamRead(at(1000), id, 'probe', { ok: older, live: false }),
          recordStreamRead(at(2000), id, 'probe', { ok: newer, live: false }),
          recordStreamRead(at(0), id, 'probe', { ok: older, live: false }),
        ]);
        const row = await db
          .selectFrom('cameras')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe(newer ? 'online' : 'offline');
      }
    } finally {
      await db.destroy();
    }
  });

  it('a relay playing the stream outweighs a later report of it lost; stopped for want of viewers, it no longer does', async () => {
    const world = await alertWorld();
    const { t } = world;
    const id = world.cameras[0]?.id as number;
    const heartbeat = (status: string) =>
      world.ingest('ingestHeartbeat', { body: { cpuLoad: 10, memoryLoad: 20, cameras: [{ id, status }] } });
    const db = await openTestDatabase(t.dataDir);
    try {
      const ctx = readContext(db, t.clock);
      const statusOf = () => storedStatus(db, id);
      await recordStreamRead(ctx, id, 'relay', { ok: true, live: true });
      t.clock.advance(1000);
      await heartbeat('offline');
      expect(await statusOf()).toEqual({ status: 'online', status_source: 'relay' });
      t.clock.advance(1000);
      await recordStreamRead(ctx, id, 'relay', { ok: true, live: false });
      t.clock.advance(1000);
      await heartbeat('offline');
      expect(await statusOf()).toEqual({ status: 'offline', status_source: 'aiServer' });
    } finally {
      await db.destroy();
    }
  });
});

describe('status events on the console event stream', () => {
  it('reach only holders of the rows’ keys', async () => {
    const world = await alertWorld();
    const { t } = world;
    const cameras = await watcher(t, 'cameras', ['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    const servers = await watcher(t, 'servers', ['KEY.DEVICE', 'KEY.DEVICE.AISERVER']);
    const alertsOnly = await watcher(t, 'alerts', ['KEY.CENTER', 'KEY.CENTER.AIWARN']);
    const id = world.cameras[0]?.id;
    const heartbeat = (status: string) =>
      world.ingest('ingestHeartbeat', { body: { cpuLoad: 10, memoryLoad: 20, cameras: [{ id, status }] } });
    await heartbeat('online');
    await heartbeat('offline');
    await world.raise();
    // Each stream's next events are exactly those of its keys, in order.
    const names = async (stream: OpenStream, count: number) =>
      (await stream.nextEvents(count)).map((event) => [event.event, JSON.parse(event.data).status]);
    expect(await names(cameras, 2)).toEqual([
      ['cameraStatus', 'online'],
      ['cameraStatus', 'offline'],
    ]);
    expect(await names(servers, 2)).toEqual([
      ['aiServerStatus', 'online'],
      ['aiServerStatus', 'online'],
    ]);
    expect(await names(alertsOnly, 1)).toEqual([['alert', 'pending']]);
    for (const stream of [cameras, servers, alertsOnly]) stream.close();
  });
});
