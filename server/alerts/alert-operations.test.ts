import { describe, expect, it } from 'vitest';
import { later } from '../kernel/clock';
import { openTestDatabase } from '../test-support/test-database';
import { alertWorld, testAlertHooks } from '../test-support/alert-world';
import { openEventStream } from '../test-support/event-stream';
import { jpegBytes, pngBytes } from '../test-support/multipart';
import {
  clientHeaders,
  fieldMessages,
  filesOnDisk,
  operationLog,
  snapshotRows,
  tokenHeader,
  withSqlite,
} from '../test-support/test-app';
import { markSilentServersOffline } from './alert-ingest';
import { defaultHealthSettings as health } from './device-health';
import { removeExpiredAlerts, removeUnshownSnapshots, unshownSnapshotGraceMs } from './alert-tasks';
import { createFolderStorage } from '../storage/folder-storage';

const days = (n: number) => n * 86_400_000;
const hours = (n: number) => n * 3_600_000;
const minutes = (n: number) => n * 60_000;

describe('heartbeats', () => {
  it('mark the server online with its loads and set its cameras’ status', async () => {
    const { t, ingest, cameras, ok, serverId } = await alertWorld();
    const { body } = await ingest('ingestHeartbeat', {
      body: {
        cpuLoad: 37.5,
        memoryLoad: 61,
        acceleratorLoad: 12,
        cameras: [
          { id: cameras[0]?.id, status: 'online' },
          { id: cameras[1]?.id, status: 'offline' },
        ],
      },
    });
    expect(body.data).toEqual({ receivedAt: t.clock.now().toISOString(), offlineAfterSeconds: 90 });
    expect(await ok('getAiServer', { params: { id: serverId } })).toMatchObject({
      status: 'online',
      lastHeartbeatAt: t.clock.now().toISOString(),
      cpuLoad: 37.5,
      memoryLoad: 61,
      acceleratorLoad: 12,
    });
    expect(await ok('getCamera', { params: { id: cameras[0]?.id as number } })).toMatchObject({
      status: 'online',
    });
    expect(await ok('getCamera', { params: { id: cameras[1]?.id as number } })).toMatchObject({
      status: 'offline',
    });
    // Heartbeats come every few seconds: they stay out of the operators' log.
    expect(operationLog(t.dataDir).map((row) => row.action)).not.toContain('ingestHeartbeat');
  });

  it('refuse a camera bound to another server, naming it, and write nothing', async () => {
    const { t, ingest, cameras, foreign } = await alertWorld();
    const before = snapshotRows(t.dataDir);
    const { status, body } = await ingest('ingestHeartbeat', {
      body: {
        cpuLoad: 1,
        memoryLoad: 1,
        cameras: [
          { id: cameras[0]?.id, status: 'online' },
          { id: foreign.id, status: 'online' },
        ],
      },
    });
    expect(status).toBe(400);
    expect(fieldMessages(body)).toEqual({
      'cameras[1].id': `摄像头 ${foreign.id} 未绑定到本AI服务器「边缘盒子-1」`,
    });
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('lapse: a server silent for 90 s goes offline with its cameras', async () => {
    const { t, ingest, cameras, ok, serverId } = await alertWorld();
    await ingest('ingestHeartbeat', {
      body: { cpuLoad: 1, memoryLoad: 1, cameras: [{ id: cameras[0]?.id, status: 'online' }] },
    });
    const db = await openTestDatabase(t.dataDir);
    try {
      t.clock.advance(health.offlineAfterSeconds * 1000 - 1000);
      expect(await markSilentServersOffline({ db, clock: t.clock, health, alertHooks: testAlertHooks })).toBe(
        0,
      );
      t.clock.advance(2000);
      expect(await markSilentServersOffline({ db, clock: t.clock, health, alertHooks: testAlertHooks })).toBe(
        1,
      );
    } finally {
      await db.destroy();
    }
    expect(await ok('getAiServer', { params: { id: serverId } })).toMatchObject({ status: 'offline' });
    expect(await ok('getCamera', { params: { id: cameras[0]?.id as number } })).toMatchObject({
      status: 'offline',
    });
  });

  it('answer 401 to an unknown key', async () => {
    const { ingest } = await alertWorld();
    const { status } = await ingest(
      'ingestHeartbeat',
      { body: { cpuLoad: 1, memoryLoad: 1, cameras: [] } },
      'nope',
    );
    expect(status).toBe(401);
  });
});

describe('ingesting alerts', () => {
  it('stores the alert with the names of its camera, area, task, model and server', async () => {
    const { t, ingest, report, cameras, serverId, snapshotId } = await alertWorld();
    const { body } = await ingest('ingestAlert', { body: report() });
    expect(body.data).toMatchObject({
      aiServerId: serverId,
      aiServerName: '边缘盒子-1',
      cameraId: cameras[0]?.id,
      cameraName: '北门-1',
      area: '一号园区',
      taskId: cameras[0]?.taskId,
      taskName: '安全帽检测-1',
      modelName: '安全帽检测',
      label: '未戴安全帽',
      level: 'high',
      confidence: 0.87,
      boxes: [{ x: 0.1, y: 0.2, width: 0.3, height: 0.4, label: '未戴安全帽', confidence: 0.87 }],
      snapshotId,
      status: 'pending',
      handledBy: null,
      receivedAt: t.clock.now().toISOString(),
    });
    expect(operationLog(t.dataDir).map((row) => row.action)).not.toContain('ingestAlert');
  });

  it.each([
    ['a camera of another server', (w: World) => ({ cameraId: w.foreign.id, taskId: undefined }), 'cameraId'],
    ['a task of another camera', (w: World) => ({ taskId: w.cameras[1]?.taskId }), 'taskId'],
    [
      'a box running off the frame',
      () => ({ boxes: [{ x: 0.8, y: 0.1, width: 0.3, height: 0.2 }] }),
      'boxes[0].width',
    ],
    [
      'a time ten minutes ahead',
      (w: World) => ({ occurredAt: new Date(w.t.clock.now().getTime() + 600_000).toISOString() }),
      'occurredAt',
    ],
    ['a confidence above 1', () => ({ confidence: 1.2 }), 'confidence'],
    ['an unknown level', () => ({ level: 'urgent' }), 'level'],
    [
      'a box coordinate above 1',
      () => ({ boxes: [{ x: 1.5, y: 0, width: 0.1, height: 0.1 }] }),
      'boxes[0].x',
    ],
    ['a date that is not one', () => ({ occurredAt: 'yesterday' }), 'occurredAt'],
    [
      'a time in 1970 (a clock never synced)',
      () => ({ occurredAt: '1970-01-01T00:00:07.000Z' }),
      'occurredAt',
    ],
    [
      'a time 25 hours back',
      (w: World) => ({ occurredAt: new Date(w.t.clock.now().getTime() - hours(25)).toISOString() }),
      'occurredAt',
    ],
    ['a sourceId with a space', () => ({ sourceId: 'alert 1' }), 'sourceId'],
    ['a missing snapshot', () => ({ snapshotId: 999 }), 'snapshotId'],
  ])('refuses %s, naming the field, and writes nothing', async (_case, change, field) => {
    const world = await alertWorld();
    const before = snapshotRows(world.t.dataDir);
    const { status, body } = await world.ingest('ingestAlert', { body: world.report(change(world)) });
    expect(status).toBe(400);
    expect(Object.keys(fieldMessages(body))).toEqual([field]);
    expect(snapshotRows(world.t.dataDir)).toEqual(before);
  });

  it('takes a snapshot only of its own kind, read from its bytes', async () => {
    const { ingest, report, uploadSnapshot } = await alertWorld();
    const png = await uploadSnapshot(pngBytes);
    expect((await ingest('ingestAlert', { body: report({ snapshotId: png }) })).body.success).toBe(true);
    await expect(uploadSnapshot(Buffer.from('GIF89a not really'))).rejects.toThrow(/文件类型不允许/);
  });

  it('serves the snapshot to an operator holding the alert key', async () => {
    const { t, token, raise } = await alertWorld();
    const alert = await raise();
    const response = await t.app.inject({
      method: 'GET',
      url: `/cfop/files/alert-snapshots/${alert.snapshotId}`,
      headers: { ...clientHeaders, [tokenHeader]: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });
});

type World = Awaited<ReturnType<typeof alertWorld>>;

const alertCount = (dataDir: string) =>
  withSqlite(
    dataDir,
    (sqlite) => (sqlite.prepare('select count(*) as n from alerts').get() as { n: number }).n,
  );

describe('a retried report', () => {
  it('stores one alert and answers it again, even when the retry differs', async () => {
    const { t, ingest, report, otherKey, foreign, uploadSnapshot } = await alertWorld();
    const first = await ingest('ingestAlert', { body: report({ sourceId: 'frame-42' }) });
    expect(first.status).toBe(200);
    const before = snapshotRows(t.dataDir);
    t.clock.advance(30_000);
    const retry = await ingest('ingestAlert', { body: report({ sourceId: 'frame-42', label: '吸烟' }) });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect(alertCount(t.dataDir)).toBe(1);
    // The id is the box's own: another box may use the same one.
    const snapshotId = await uploadSnapshot(jpegBytes, otherKey);
    const elsewhere = await ingest(
      'ingestAlert',
      { body: report({ sourceId: 'frame-42', cameraId: foreign.id, taskId: undefined, snapshotId }) },
      otherKey,
    );
    expect(elsewhere.body.data.id).not.toBe(first.body.data.id);
    expect(alertCount(t.dataDir)).toBe(2);
  });

  it('sent 20 times at once stores one alert, and all 20 answer it', async () => {
    const { t, ingest, report } = await alertWorld();
    const body = report({ sourceId: 'burst-1' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => ingest('ingestAlert', { body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(alertCount(t.dataDir)).toBe(1);
  });

  it('without a sourceId (an older box) is stored again', async () => {
    const { t, ingest, report } = await alertWorld();
    const body = report({ sourceId: undefined });
    await ingest('ingestAlert', { body });
    await ingest('ingestAlert', { body });
    expect(alertCount(t.dataDir)).toBe(2);
  });
});

describe('the time of an alert', () => {
  it('is refused beyond the limits set, saying the box’s clock may be wrong', async () => {
    const { t, ingest, report } = await alertWorld({ ingest: { maxAgeHours: 1, maxAheadMinutes: 1 } });
    const at = (offset: number) => ({ occurredAt: new Date(t.clock.now().getTime() + offset).toISOString() });
    const ahead = await ingest('ingestAlert', { body: report(at(minutes(2))) });
    expect(ahead.status).toBe(400);
    expect(fieldMessages(ahead.body)).toEqual({
      occurredAt: '不能晚于服务器时间 1 分钟以上（AI服务器的时钟可能不准，请校准）',
    });
    const old = await ingest('ingestAlert', { body: report(at(-minutes(61))), lang: 'en-US' });
    expect(old.status).toBe(400);
    expect(old.body.msg).toBe(
      "occurredAt: must not lie more than 1 hours before the console's clock (the AI server's clock may be wrong)",
    );
    expect(alertCount(t.dataDir)).toBe(0);
    expect((await ingest('ingestAlert', { body: report(at(-minutes(59))) })).status).toBe(200);
    expect((await ingest('ingestAlert', { body: report(at(minutes(1))) })).status).toBe(200);
  });

  it('never lies beyond the retention, whatever the age limit says', async () => {
    const { t, ingest, report } = await alertWorld({ alertRetentionDays: 1, ingest: { maxAgeHours: 100 } });
    const occurredAt = new Date(t.clock.now().getTime() - hours(25)).toISOString();
    const { status, body } = await ingest('ingestAlert', { body: report({ occurredAt }) });
    expect(status).toBe(400);
    expect(fieldMessages(body).occurredAt).toMatch(/^不能早于服务器时间 24 小时以上/);
  });
});

describe('ingest quotas', () => {
  it('answer 429 with the wait beyond an AI server’s alert rate, storing nothing', async () => {
    const { t, ingest, report, otherKey, foreign, uploadSnapshot } = await alertWorld({
      ingest: { alertsPerSecond: 2, alertBurst: 3 },
    });
    const send = (change: Record<string, unknown> = {}, key?: string) =>
      ingest('ingestAlert', { body: report(change) }, key);
    // Refused and repeated reports cost nothing.
    expect((await send({ confidence: 2 })).status).toBe(400);
    const first = await send({ sourceId: 'again' });
    expect((await send({ sourceId: 'again' })).body.data.id).toBe(first.body.data.id);
    expect([(await send()).status, (await send()).status]).toEqual([200, 200]);
    const before = snapshotRows(t.dataDir);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toMatchObject({
      success: false,
      code: '429',
      msg: '告警上报过于频繁（每秒至多 2 条），请 1 秒后再试',
    });
    expect(snapshotRows(t.dataDir)).toEqual(before);
    // Each AI server has its own quota.
    const snapshotId = await uploadSnapshot(jpegBytes, otherKey);
    const elsewhere = { cameraId: foreign.id, taskId: undefined, snapshotId };
    expect((await send(elsewhere, otherKey)).status).toBe(200);
    t.clock.advance(500);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    expect(alertCount(t.dataDir)).toBe(5);
  });

  it('answer 429 with the wait beyond an AI server’s snapshot bytes an hour, keeping nothing', async () => {
    const { t, postSnapshot } = await alertWorld({ ingest: { snapshotMbPerHour: 1 } });
    const frame = Buffer.concat([jpegBytes, Buffer.alloc(400 * 1024)]);
    expect((await postSnapshot(frame)).statusCode).toBe(200);
    expect((await postSnapshot(frame)).statusCode).toBe(200);
    const before = snapshotRows(t.dataDir);
    const files = filesOnDisk(t.dataDir);
    const refused = await postSnapshot(frame);
    expect(refused.statusCode).toBe(429);
    // 176 KB short, at 1 MB an hour.
    expect(refused.json().msg).toBe('快照上传超过限额（每小时 1 MB），请 620 秒后再试');
    expect(refused.headers['retry-after']).toBe('620');
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect(filesOnDisk(t.dataDir)).toEqual(files);
    t.clock.advance(620_000);
    expect((await postSnapshot(frame)).statusCode).toBe(200);
  });
});

describe('snapshots no alert names', () => {
  it('go half an hour after their upload, rows and bytes; named ones stay', async () => {
    const { t, raise, uploadSnapshot } = await alertWorld();
    const named = await raise();
    const alone = await uploadSnapshot();
    const db = await openTestDatabase(t.dataDir);
    const sweep = () =>
      removeUnshownSnapshots(
        { db, storage: createFolderStorage(t.dataDir) },
        later(t.clock.now(), -unshownSnapshotGraceMs),
      );
    try {
      t.clock.advance(minutes(29));
      expect(await sweep()).toBe(0);
      t.clock.advance(minutes(2));
      expect(await sweep()).toBe(1);
    } finally {
      await db.destroy();
    }
    expect(filesOnDisk(t.dataDir)).toContain(String(named.snapshotId));
    expect(filesOnDisk(t.dataDir)).not.toContain(String(alone));
    const rows = withSqlite(t.dataDir, (sqlite) =>
      sqlite.prepare('select id from files where kind = ?').all('uploadAlertSnapshot'),
    );
    expect(rows).toEqual([{ id: named.snapshotId }]);
  });
});

describe('the alert list', () => {
  async function listed(world: World, query: Record<string, string | number>) {
    const data = await world.ok('listAlerts', { query });
    return (data.items as { id: number }[]).map((item) => item.id);
  }

  it('filters by time range, camera, area, label, level and status, newest first', async () => {
    const world = await alertWorld();
    const { raise, cameras } = world;
    const a = await raise({ level: 'low' });
    const b = await raise({ cameraId: cameras[1]?.id, taskId: cameras[1]?.taskId, label: '吸烟' });
    const c = await raise({ level: 'critical' });
    await world.ok('handleAlert', { params: { id: c.id }, body: { decision: 'confirm' } });
    expect(await listed(world, {})).toEqual([c.id, b.id, a.id]);
    expect(await listed(world, { sort: 'occurredAt' })).toEqual([a.id, b.id, c.id]);
    expect(await listed(world, { level: 'critical' })).toEqual([c.id]);
    expect(await listed(world, { status: 'pending' })).toEqual([b.id, a.id]);
    expect(await listed(world, { cameraId: cameras[1]?.id as number })).toEqual([b.id]);
    expect(await listed(world, { area: '二号' })).toEqual([b.id]);
    expect(await listed(world, { label: '吸烟' })).toEqual([b.id]);
    expect(await listed(world, { from: b.occurredAt as string, to: b.occurredAt as string })).toEqual([b.id]);
    expect(await listed(world, { from: b.occurredAt as string })).toEqual([c.id, b.id]);
    const page = await world.ok('listAlerts', { query: { pageSize: 2, page: 2 } });
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
  });

  it('finds a label by any part of it, wildcards taken literally', async () => {
    const world = await alertWorld();
    const helmet = await world.raise({ label: '未戴安全帽' });
    const first = await world.raise({ label: '吸烟' });
    const second = await world.raise({ label: '吸烟' });
    const found = async (label: string) => {
      const data = await world.ok('listAlerts', { query: { label } });
      const ids = (data.items as { id: number }[]).map((item) => item.id);
      expect(data.total).toBe(ids.length);
      return ids;
    };
    expect(await found('烟')).toEqual([second.id, first.id]);
    expect(await found('安全帽')).toEqual([helmet.id]);
    expect(await found('未戴安全帽吸烟')).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it('offers the cameras as choices under the alert key', async () => {
    const world = await alertWorld();
    const { items } = await world.ok('listAlertChoices', { query: { field: 'cameraId', q: '北门-2' } });
    expect(items).toEqual([{ id: world.cameras[1]?.id, label: '北门-2' }]);
  });

  it('exports the filtered alerts as CSV with labels, level and status labels, local times and readable boxes', async () => {
    const world = await alertWorld();
    await world.raise({ level: 'low' });
    await world.raise({
      level: 'critical',
      label: '吸烟',
      boxes: [
        { x: 0.1, y: 0.2, width: 0.3, height: 0.4, label: '烟头', confidence: 0.875 },
        { x: 0.5, y: 0.25, width: 0.125, height: 0.5 },
      ],
    });
    const occurred = new Date(world.t.clock.now().getTime() - 1000);
    const exported = async (lang: 'zh-CN' | 'en-US', timeZone: string) => {
      const { status, text, headers } = await world.t.call('exportAlerts', {
        token: world.token,
        lang,
        headers: { 'x-time-zone': timeZone },
        query: { level: 'critical' },
      });
      expect(status).toBe(200);
      expect(headers['content-disposition']).toMatch(/alerts-\d{8}-\d{4}\.csv/);
      return text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    const zh = await exported('zh-CN', 'Asia/Shanghai');
    expect(zh[0]).toBe(
      '编号,告警时间 (Asia/Shanghai),告警类型,级别,来源,处理状态,摄像头,区域,置信度,检测框,分析任务,模型,AI服务器,接收时间 (Asia/Shanghai),处理人,处理时间 (Asia/Shanghai),处理备注',
    );
    expect(zh).toHaveLength(2);
    const local = (zone: string) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }).format(
        occurred,
      );
    expect(zh[1]).toContain(`,${local('Asia/Shanghai')},吸烟,紧急,智能检测,待处理,北门-1,`);
    expect(zh[1]).toContain(',"烟头 87.5% (10%,20% 30%×40%); (50%,25% 12.5%×50%)",');
    expect(zh[1]).not.toContain('[object Object]');
    const en = await exported('en-US', 'America/New_York');
    expect(en[0]).toBe(
      'ID,Time (America/New_York),Alert type,Level,Source,Status,Camera,Area,Confidence,Detection boxes,Analysis task,Model,AI server,Received (America/New_York),Handled by,Handled at (America/New_York),Note',
    );
    expect(en[1]).toContain(`,${local('America/New_York')},吸烟,Critical,AI,Pending,北门-1,`);
    expect(local('Asia/Shanghai')).not.toBe(local('America/New_York'));
  });
});

describe('handling', () => {
  it('confirms a pending alert once, with who, when and the note; logs it', async () => {
    const world = await alertWorld();
    const alert = await world.raise();
    const { body } = await world.t.call('handleAlert', {
      token: world.token,
      params: { id: alert.id },
      body: { decision: 'confirm', note: ' 已通知班组长 ' },
    });
    expect(body.data).toMatchObject({
      status: 'confirmed',
      handledByName: '系统管理员',
      handlingNote: '已通知班组长',
      handledAt: world.t.clock.now().toISOString(),
    });
    expect(body.data.handledBy).toEqual(expect.any(Number));
    expect(body.data.revision).toBeGreaterThan(alert.revision);
    const again = await world.t.call('handleAlert', {
      token: world.token,
      params: { id: alert.id },
      body: { decision: 'dismiss' },
    });
    expect(again.status).toBe(400);
    expect(fieldMessages(again.body).decision).toContain('已确认');
    const logged = operationLog(world.t.dataDir).filter((row) => row.action === 'handleAlert');
    expect(logged.map((row) => [row.result, row.target, row.detail_zh])).toEqual([
      ['success', `#${alert.id} 未戴安全帽`, '确认：已通知班组长'],
      ['failure', `#${alert.id}`, expect.stringContaining('只能处理待处理的告警')],
    ]);
    expect(
      (
        await world.t.call('handleAlert', {
          token: world.token,
          params: { id: 999 },
          body: { decision: 'confirm' },
        })
      ).status,
    ).toBe(404);
  });

  it('bulk: handles the pending ones, skips the handled, refuses unknown ids', async () => {
    const world = await alertWorld();
    const [a, b, c] = [await world.raise(), await world.raise(), await world.raise()];
    await world.ok('handleAlert', { params: { id: b?.id as number }, body: { decision: 'confirm' } });
    const ids = [a?.id, b?.id, c?.id];
    const done = await world.ok('bulkHandleAlerts', { body: { ids, decision: 'dismiss', note: '误报' } });
    expect(done.skipped).toBe(1);
    expect(done.items.map((item: { id: number; status: string }) => [item.id, item.status])).toEqual([
      [a?.id, 'dismissed'],
      [c?.id, 'dismissed'],
    ]);
    const unknown = await world.t.call('bulkHandleAlerts', {
      token: world.token,
      body: { ids: [a?.id, 999], decision: 'dismiss' },
    });
    expect(fieldMessages(unknown.body)).toEqual({ ids: '告警不存在（id 999）' });
  });
});

describe('the live stream', () => {
  it('pushes raised and handled alerts, and resumes after the last id without loss', async () => {
    const world = await alertWorld();
    const headers = { ...clientHeaders, [tokenHeader]: world.token };
    const before = await world.raise({ label: '之前' });
    const stream = await openEventStream(world.t.app, '/cfop/alerts/stream', headers);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    const raised = await world.raise({ label: '新的' });
    const [first] = await stream.nextEvents(1);
    expect(first).toMatchObject({ id: String(raised.revision), event: 'alert' });
    expect(JSON.parse(first?.data ?? '')).toMatchObject({ id: raised.id, label: '新的', status: 'pending' });
    expect(stream.comments).toContain('connected');
    stream.close();

    // While nobody listens: one alert is handled, another raised.
    await world.ok('handleAlert', { params: { id: before.id }, body: { decision: 'dismiss' } });
    const missed = await world.raise({ label: '错过的' });
    for (const resume of [
      { url: `/cfop/alerts/stream?after=${raised.revision}`, headers },
      { url: '/cfop/alerts/stream', headers: { ...headers, 'last-event-id': String(raised.revision) } },
    ]) {
      const again = await openEventStream(world.t.app, resume.url, resume.headers);
      const events = await again.nextEvents(2);
      again.close();
      expect(events.map((event) => JSON.parse(event.data) as { id: number; status: string })).toEqual([
        expect.objectContaining({ id: before.id, status: 'dismissed' }),
        expect.objectContaining({ id: missed.id, status: 'pending' }),
      ]);
    }
  });
});

describe('retention', () => {
  it('removes alerts older than the retention and the snapshots no remaining alert shows', async () => {
    const world = await alertWorld();
    const { t } = world;
    const old = await world.raise();
    const oldOwnSnapshot = await world.uploadSnapshot();
    const oldAlone = await world.raise({ snapshotId: oldOwnSnapshot });
    t.clock.advance(days(31));
    const recent = await world.raise();
    const db = await openTestDatabase(t.dataDir);
    try {
      expect(
        await removeExpiredAlerts(
          { db, clock: t.clock, storage: createFolderStorage(t.dataDir), alertHooks: testAlertHooks },
          30,
        ),
      ).toBe(2);
    } finally {
      await db.destroy();
    }
    const ids = withSqlite(t.dataDir, (sqlite) => sqlite.prepare('select id from alerts').all());
    expect(ids).toEqual([{ id: recent.id }]);
    expect(old.snapshotId).toBe(recent.snapshotId);
    // The shared snapshot stays with the recent alert; the old alert's own one goes, row and bytes.
    expect(filesOnDisk(t.dataDir)).toContain(String(recent.snapshotId));
    expect(filesOnDisk(t.dataDir)).not.toContain(String(oldAlone.snapshotId));
    const rows = withSqlite(t.dataDir, (sqlite) =>
      sqlite.prepare('select id from files where id = ?').all(oldOwnSnapshot),
    );
    expect(rows).toEqual([]);
  });
});
