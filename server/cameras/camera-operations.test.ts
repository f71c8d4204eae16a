import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import type { AppOptions } from '../app';
import { parseAllowedHosts } from '../streams/stream-address';
import {
  addRole,
  addUser,
  createTestModel,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  withSqlite,
  sendRequest,
} from '../test-support/test-app';

const server = (n: number, channelCapacity = 16) => ({
  name: `边缘盒子-${n}`,
  serialNumber: `SN-000${n}`,
  ip: `10.0.0.${n}`,
  port: 8000,
  acceleratorType: 'NPU',
  channelCapacity,
});

const camera = (n: number, change: Record<string, unknown> = {}) => ({
  name: `北门-${String(n).padStart(2, '0')}`,
  code: `CAM-${String(n).padStart(3, '0')}`,
  area: '一号园区',
  mainStreamUrl: `rtsp://10.1.0.${n}:554/main`,
  subStreamUrl: `rtsp://10.1.0.${n}:554/sub`,
  vendor: 'hikvision',
  ip: `10.1.0.${n}`,
  aiServerId: null,
  ...change,
});

const workingHours = [
  ...Array.from({ length: 5 }, () => '0'.repeat(18) + '1'.repeat(18) + '0'.repeat(12)),
  '0'.repeat(48),
  '0'.repeat(48),
];

/** A task of the model `signedIn().model()` creates first (id 1). */
const task = (change: Record<string, unknown> = {}) => ({
  name: '越界检测',
  modelId: 1,
  confidenceThreshold: 0.6,
  region: [
    { x: 0.1, y: 0.1 },
    { x: 0.9, y: 0.1 },
    { x: 0.5, y: 0.9 },
  ],
  schedule: workingHours,
  alertLevel: 'high',
  ...change,
});

type Answer = { success: boolean; code: string; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The test streams listen on loopback, which cameras may only reach when the allow-list names it. */
const loopbackAllowed = parseAllowedHosts('127.0.0.1').allowed;

async function signedIn(options: Partial<AppOptions> = {}) {
  const t = await startTestApp({ cameraAllowedHosts: loopbackAllowed, ...options });
  const token = await t.signIn('admin', testAdminPassword);
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    sendRequest(t.app, method, `/cfop${path}`, { token, body });
  const json = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const response = await send(method, path, body);
    return { status: response.statusCode, body: response.json() as Answer };
  };
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const answer = await json(method, path, body);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.body.msg}`);
    t.clock.advance(1000);
    return answer.body.data;
  };
  /** A model for tasks to run: the first one made is id 1, `安全帽检测 1.0.0`. */
  const model = (change: Record<string, unknown> = {}) => createTestModel(t, token, change);
  return { t, token, send, json, ok, model };
}

/** The 400 answer's field errors as { field: Chinese message }. */
const fieldErrors = (body: Answer) =>
  Object.fromEntries(
    (body.data.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
  );

describe('cameras', () => {
  it('creates a camera bound to an AI server, answering the server by name, and lists, filters, sorts it', async () => {
    const { ok, json } = await signedIn();
    await ok('POST', '/aiservers', server(1));
    const created = await ok('POST', '/cameras', camera(1, { aiServerId: 1 }));
    expect(created).toMatchObject({
      id: 1,
      ...camera(1, { aiServerId: 1 }),
      aiServerName: '边缘盒子-1',
      status: 'offline',
      taskCount: 0,
    });
    await ok('POST', '/cameras', camera(2, { area: '二号园区', vendor: 'dahua', subStreamUrl: undefined }));
    const second = await ok('GET', '/cameras/2');
    expect(second).toMatchObject({ subStreamUrl: '', aiServerId: null, aiServerName: null });

    const names = async (search: string) => {
      const { body } = await json('GET', `/cameras${search}`);
      return (body.data.items as { name: string }[]).map((item) => item.name);
    };
    expect(await names('')).toEqual(['北门-02', '北门-01']);
    expect(await names('?aiServerId=1')).toEqual(['北门-01']);
    expect(await names(`?area=${encodeURIComponent('二号')}`)).toEqual(['北门-02']);
    expect(await names('?code=cam-001')).toEqual(['北门-01']);
    expect(await names('?vendor=dahua&status=offline')).toEqual(['北门-02']);
    expect(await names('?status=online')).toEqual([]);
    expect(await names('?sort=code')).toEqual(['北门-01', '北门-02']);
  });

  it('refuses a second camera with the same code, naming code, writing nothing', async () => {
    const { t, ok, json } = await signedIn();
    await ok('POST', '/cameras', camera(1));
    const before = snapshotRows(t.dataDir);
    const { status, body } = await json('POST', '/cameras', camera(2, { code: 'CAM-001' }));
    expect(status).toBe(400);
    expect(fieldErrors(body)).toEqual({ code: '已存在' });
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it.each([
    ['a file: address', 'file:///etc/passwd', 'mainStreamUrl'],
    ['an ftp address', 'ftp://10.0.0.1/x', 'mainStreamUrl'],
    ['an address with spaces', 'rtsp://10.0.0.1/a b', 'mainStreamUrl'],
    ['a bare scheme', 'http://', 'mainStreamUrl'],
  ])('refuses %s as a stream URL', async (_case, url, field) => {
    const { json } = await signedIn();
    const { status, body } = await json('POST', '/cameras', camera(1, { mainStreamUrl: url }));
    expect(status).toBe(400);
    expect(Object.keys(fieldErrors(body))).toEqual([field]);
  });

  it('refuses binding to an AI server that does not exist, naming aiServerId, writing nothing', async () => {
    const { t, ok, json } = await signedIn();
    await ok('POST', '/cameras', camera(1));
    const before = snapshotRows(t.dataDir);
    const created = await json('POST', '/cameras', camera(2, { aiServerId: 42 }));
    expect(created.status).toBe(400);
    expect(fieldErrors(created.body)).toEqual({ aiServerId: expect.stringContaining('42') });
    const updated = await json('PUT', '/cameras/1', camera(1, { aiServerId: 42 }));
    expect(updated.status).toBe(400);
    expect(Object.keys(fieldErrors(updated.body))).toEqual(['aiServerId']);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('keeps an AI server within its channel capacity, saying the capacity; a bound camera keeps its own channel', async () => {
    const { t, ok, json } = await signedIn();
    await ok('POST', '/aiservers', server(1, 2));
    await ok('POST', '/aiservers', server(2, 4));
    await ok('POST', '/cameras', camera(1, { aiServerId: 1 }));
    await ok('POST', '/cameras', camera(2, { aiServerId: 1 }));
    await ok('POST', '/cameras', camera(3, { aiServerId: 2 }));
    const before = snapshotRows(t.dataDir);
    const third = await json('POST', '/cameras', camera(4, { aiServerId: 1 }));
    expect(third.status).toBe(400);
    expect(fieldErrors(third.body)).toEqual({
      aiServerId: 'AI服务器「边缘盒子-1」的 2 路算力已用满（已绑定 2 台摄像头）',
    });
    const moved = await json('PUT', '/cameras/3', camera(3, { aiServerId: 1 }));
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toContain('2');
    expect(snapshotRows(t.dataDir)).toEqual(before);
    // Editing a camera already on the full server keeps its channel.
    await expect(ok('PUT', '/cameras/2', camera(2, { name: '改名', aiServerId: 1 }))).resolves.toMatchObject({
      name: '改名',
    });
    // Unbinding frees a channel.
    await ok('PUT', '/cameras/2', camera(2, { aiServerId: null }));
    await expect(ok('PUT', '/cameras/3', camera(3, { aiServerId: 1 }))).resolves.toMatchObject({
      aiServerName: '边缘盒子-1',
    });
  });

  it('shows each AI server’s bound cameras and refuses to delete one still bound, saying how many', async () => {
    const { t, ok, json } = await signedIn();
    await ok('POST', '/aiservers', server(1));
    await ok('POST', '/aiservers', server(2));
    await ok('POST', '/aiservers', server(3));
    await ok('POST', '/cameras', camera(1, { aiServerId: 1 }));
    await ok('POST', '/cameras', camera(2, { aiServerId: 1 }));
    await ok('POST', '/cameras', camera(3, { aiServerId: 2 }));
    const listed = await ok('GET', '/aiservers?sort=name');
    expect(listed.items.map((s: { cameraCount: number }) => s.cameraCount)).toEqual([2, 1, 0]);
    expect((await ok('GET', '/aiservers/1')).cameraCount).toBe(2);

    const before = snapshotRows(t.dataDir);
    const one = await json('DELETE', '/aiservers/1');
    expect(one.status).toBe(400);
    expect(one.body.msg).toBe('无法删除AI服务器：「边缘盒子-1」仍绑定 2 台摄像头，请先解绑或删除这些摄像头');
    const several = await json('POST', '/aiservers/bulk-delete', { ids: [1, 2, 3] });
    expect(several.status).toBe(400);
    expect(several.body.msg).toContain('「边缘盒子-1」仍绑定 2 台摄像头，「边缘盒子-2」仍绑定 1 台摄像头');
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'bulkDeleteAiServers',
      result: 'failure',
    });

    await ok('DELETE', '/cameras/3');
    await ok('DELETE', '/aiservers/2');
    expect((await ok('GET', '/aiservers')).total).toBe(2);
  });

  it('deletes cameras with their tasks, singly and in bulk, and logs each', async () => {
    const { t, ok, model } = await signedIn();
    await model();
    for (let n = 1; n <= 3; n += 1) await ok('POST', '/cameras', camera(n));
    await ok('POST', '/cameras/1/tasks', task());
    await ok('POST', '/cameras/2/tasks', task());
    await ok('DELETE', '/cameras/1');
    expect(await ok('POST', '/cameras/bulk-delete', { ids: [2, 3, 9] })).toEqual({ deleted: 2 });
    expect(withSqlite(t.dataDir, (db) => db.prepare('select count(*) from camera_tasks').pluck().get())).toBe(
      0,
    );
    expect(operationLog(t.dataDir).slice(-2)).toEqual([
      expect.objectContaining({ action: 'deleteCamera', target: '#1 北门-01', area: 'KEY.DEVICE.CAMERA' }),
      expect.objectContaining({ action: 'bulkDeleteCameras', target: '#2 北门-02，#3 北门-03' }),
    ]);
  });

  it('exports the selected cameras as CSV with the AI server’s name', async () => {
    const { ok, send } = await signedIn();
    await ok('POST', '/aiservers', server(1));
    await ok('POST', '/cameras', camera(1, { aiServerId: 1 }));
    await ok('POST', '/cameras', camera(2));
    const response = await send('GET', '/cameras/export?aiServerId=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="cameras-\d{8}-\d{4}\.csv"/,
    );
    const lines = response.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '编号,名称,编码,区域,厂商,型号,IP地址,主码流地址,子码流地址,ONVIF 地址,ONVIF 用户名,ONVIF 密码,AI服务器,状态,状态来源,状态变化时间 (UTC),录像,录像占用（MB）,分析任务,创建时间 (UTC),更新时间 (UTC)',
    );
    expect(lines.slice(1, -1)).toHaveLength(1);
    // The AI server by its name, not its id; the vendor and status by their labels.
    expect(lines[1]).toMatch(
      /^1,北门-01,CAM-001,一号园区,海康威视,,10\.1\.0\.1,rtsp:\/\/10\.1\.0\.1:554\/main,rtsp:\/\/10\.1\.0\.1:554\/sub,,,,边缘盒子-1,离线,[^,]*,[^,]*,不录像,0,0,/,
    );
  });
});

describe('camera analysis tasks', () => {
  it('creates, lists, updates and deletes a camera’s tasks, logging each with the camera and task', async () => {
    const { t, ok, json, model } = await signedIn();
    await model();
    await model({ name: '烟火检测', algorithm: 'fireSmoke', version: '2.1.0' });
    await ok('POST', '/cameras', camera(1));
    await ok('POST', '/cameras', camera(2));
    const created = await ok('POST', '/cameras/1/tasks', task());
    expect(created).toEqual({
      id: 1,
      cameraId: 1,
      ...task(),
      modelName: '安全帽检测 1.0.0',
      enabled: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await ok(
      'POST',
      '/cameras/1/tasks',
      task({ name: '烟火检测', modelId: 2, alertLevel: 'critical', enabled: false }),
    );
    await ok('POST', '/cameras/2/tasks', task({ name: '别的摄像头' }));

    const listed = await json('GET', '/cameras/1/tasks');
    expect(
      listed.body.data.map((item: { name: string; modelName: string; enabled: boolean }) => [
        item.name,
        item.modelName,
        item.enabled,
      ]),
    ).toEqual([
      ['越界检测', '安全帽检测 1.0.0', true],
      ['烟火检测', '烟火检测 2.1.0', false],
    ]);
    expect((await ok('GET', '/cameras/1')).taskCount).toBe(2);

    const square = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    const updated = await ok('PUT', '/cameras/1/tasks/1', task({ region: square, confidenceThreshold: 0.8 }));
    expect(updated).toMatchObject({ region: square, confidenceThreshold: 0.8, createdAt: created.createdAt });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'updateCameraTask',
      area: 'KEY.DEVICE.CAMERA',
      target: '#1 北门-01 / #1 越界检测',
      detail_zh: '修改：confidenceThreshold、region',
    });
    const remodelled = await ok(
      'PUT',
      '/cameras/1/tasks/1',
      task({ region: square, confidenceThreshold: 0.8, modelId: 2 }),
    );
    expect(remodelled).toMatchObject({ modelId: 2, modelName: '烟火检测 2.1.0' });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      detail_zh: '修改：modelId',
      detail_en: 'changed: modelId',
    });

    // A task is only found under its own camera.
    const elsewhere = await json('PUT', '/cameras/2/tasks/1', task());
    expect(elsewhere.status).toBe(404);
    expect((await json('DELETE', '/cameras/2/tasks/1')).status).toBe(404);
    expect((await json('GET', '/cameras/9/tasks')).status).toBe(404);
    expect((await json('POST', '/cameras/9/tasks', task())).status).toBe(404);

    await ok('DELETE', '/cameras/1/tasks/2');
    expect((await ok('GET', '/cameras/1/tasks')).map((item: { id: number }) => item.id)).toEqual([1]);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'deleteCameraTask',
      target: '#1 北门-01 / #2 烟火检测',
      result: 'success',
    });
  });

  it('lets a camera operator without the model key pick a task’s model by name and version, and run it', async () => {
    const { t, ok, model } = await signedIn();
    await model();
    await model({ version: '1.1.0' });
    await model({ name: '烟火检测', algorithm: 'fireSmoke' });
    await ok('POST', '/cameras', camera(1));
    await addRole(t.dataDir, 'camera-only', ['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    await addUser(t.dataDir, { username: 'watcher', password: 'Watcher-2024', roles: ['camera-only'] });
    const watcher = await t.signIn('watcher', 'Watcher-2024');
    expect((await t.call('listModels', { token: watcher })).status).toBe(403);

    const choices = async (q: string) => {
      const { body } = await t.call('listCameraChoices', { token: watcher, query: { field: 'modelId', q } });
      return body.data.items;
    };
    expect(await choices('安全帽')).toEqual([
      { id: 1, label: '安全帽检测 1.0.0' },
      { id: 2, label: '安全帽检测 1.1.0' },
    ]);
    expect(await choices('1.1')).toEqual([{ id: 2, label: '安全帽检测 1.1.0' }]);

    const created = await t.call('createCameraTask', {
      token: watcher,
      params: { id: 1 },
      body: task({ modelId: 2 }),
    });
    expect(created.body.data).toMatchObject({ modelId: 2, modelName: '安全帽检测 1.1.0' });
  });

  it('answers a task written before tasks named their model with a null model; an edit must give it one', async () => {
    const { t, ok, json, model } = await signedIn();
    await model();
    await ok('POST', '/cameras', camera(1));
    await ok('POST', '/cameras/1/tasks', task());
    // What migration 0009 leaves of a task written before it.
    withSqlite(t.dataDir, (db) => db.prepare('update camera_tasks set model_id = null').run());
    const listed = await json('GET', '/cameras/1/tasks');
    expect(listed.body.data[0]).toMatchObject({ modelId: null, modelName: null });

    const refused = await json('PUT', '/cameras/1/tasks/1', task({ modelId: undefined }));
    expect(refused.status).toBe(400);
    expect(Object.keys(fieldErrors(refused.body))).toEqual(['modelId']);
    expect(await ok('PUT', '/cameras/1/tasks/1', task())).toMatchObject({
      modelId: 1,
      modelName: '安全帽检测 1.0.0',
    });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({ detail_zh: '修改：modelId' });
  });

  it.each([
    [
      'a self-intersecting region',
      {
        region: [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 1, y: 0 },
          { x: 0, y: 1 },
        ],
      },
      { region: '多边形的边不能相交' },
    ],
    [
      'a region of two points',
      {
        region: [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
        ],
      },
      { region: expect.stringMatching(/^至少需要 3/) },
    ],
    [
      'a point outside the frame',
      {
        region: [
          { x: 0, y: 0 },
          { x: 1.2, y: 0 },
          { x: 0, y: 1 },
        ],
      },
      { 'region[1].x': expect.stringMatching(/^不能大于 1/) },
    ],
    ['a model that does not exist', { modelId: 9 }, { modelId: '模型不存在（id 9）' }],
    ['a model id of 0', { modelId: 0 }, { modelId: expect.stringMatching(/^不能小于 1/) }],
    ['no model', { modelId: undefined }, { modelId: expect.any(String) }],
    [
      'a crossing region and a missing model at once',
      {
        modelId: 9,
        region: [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 1, y: 0 },
          { x: 0, y: 1 },
        ],
      },
      { region: '多边形的边不能相交', modelId: '模型不存在（id 9）' },
    ],
    ['a schedule of six days', { schedule: workingHours.slice(0, 6) }, { schedule: expect.any(String) }],
    [
      'a day of hour slots',
      { schedule: ['1'.repeat(24), ...workingHours.slice(1)] },
      { 'schedule[0]': '格式不正确' },
    ],
    [
      'a threshold over 1',
      { confidenceThreshold: 1.5 },
      { confidenceThreshold: expect.stringMatching(/^不能大于/) },
    ],
    [
      'an unknown alert level',
      { alertLevel: 'urgent' },
      { alertLevel: expect.stringMatching(/^必须是以下之一/) },
    ],
  ])('refuses %s, naming the field, writing nothing', async (_case, change, errors) => {
    const { t, ok, json, model } = await signedIn();
    await model();
    await ok('POST', '/cameras', camera(1));
    await ok('POST', '/cameras/1/tasks', task());
    const before = snapshotRows(t.dataDir);
    for (const [method, path] of [
      ['POST', '/cameras/1/tasks'],
      ['PUT', '/cameras/1/tasks/1'],
    ] as const) {
      const { status, body } = await json(method, path, task(change));
      expect(status).toBe(400);
      expect(fieldErrors(body)).toEqual(errors);
    }
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });
});

describe('getCameraSnapshot', () => {
  let stream: TestStream;
  beforeAll(async () => {
    stream = await startTestStream();
  });
  afterAll(async () => {
    await stream.stop();
  });

  it('grabs one real JPEG frame from the camera’s main stream, inline, not logged', async () => {
    const { t, ok, send } = await signedIn();
    await ok('POST', '/cameras', camera(1, { mainStreamUrl: stream.url }));
    const logged = operationLog(t.dataDir).length;
    const response = await send('GET', '/cameras/1/snapshot');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="camera-1\.jpg"/);
    const jpeg = response.rawPayload;
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    // SOF0 holds the frame size: 360 rows, 640 columns.
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect([jpeg.readUInt16BE(sof + 5), jpeg.readUInt16BE(sof + 7)]).toEqual([360, 640]);
    expect(operationLog(t.dataDir)).toHaveLength(logged);
  });

  it('grabs a frame from a live MPEG-TS stream within the default time-out, probing it as a live view does', async () => {
    // ffmpeg's default probe reads five seconds of a live stream: past the grab's 5 s time-out.
    const { ok, send } = await signedIn();
    await ok('POST', '/cameras', camera(1, { mainStreamUrl: stream.liveUrl }));
    const response = await send('GET', '/cameras/1/snapshot');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('answers 502 with a fixed reason by kind, never ffmpeg’s words, ports or credentials', async () => {
    const { ok, json } = await signedIn();
    const withCredentials = stream.unreachableUrl.replace('http://', 'http://admin:s3cret@');
    await ok('POST', '/cameras', camera(1, { mainStreamUrl: withCredentials }));
    const { status, body } = await json('GET', '/cameras/1/snapshot');
    expect(status).toBe(502);
    expect(body).toEqual({
      success: false,
      code: '502',
      msg: '无法从视频流取帧：摄像头拒绝了连接或取流请求，请检查端口、用户名与密码',
      data: null,
    });
  });

  it('answers 504 when the stream gives no frame within the time-out, and stops ffmpeg', async () => {
    const { ok, json } = await signedIn({ frameGrabTimeoutMs: 1500 });
    await ok('POST', '/cameras', camera(1, { mainStreamUrl: stream.silentUrl }));
    const started = Date.now();
    const { status, body } = await json('GET', '/cameras/1/snapshot');
    expect(status).toBe(504);
    expect(body).toMatchObject({ code: '504', msg: '视频流在 1.5 秒内没有给出画面' });
    expect(Date.now() - started).toBeLessThan(5000);
    // ffmpeg was killed, so its connection closed.
    await vi.waitFor(() => expect(stream.silentConnections()).toBe(0));
  });

  it('answers 404 for a camera that does not exist', async () => {
    const { json } = await signedIn();
    expect((await json('GET', '/cameras/7/snapshot')).status).toBe(404);
  });
});
