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
import { multipartFile } from '../test-support/multipart';

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

describe('camera import from CSV', () => {
  async function importer(options: Partial<AppOptions> = {}) {
    const signed = await signedIn(options);
    const { t, token } = signed;
    /** Uploads `csv` as the file part of an import; answers status and envelope. */
    const upload = async (csv: string | Buffer, query = '', as = token) => {
      const { payload, headers } = multipartFile(Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), {
        fileName: 'cameras.csv',
        contentType: 'text/csv',
      });
      const response = await sendRequest(t.app, 'POST', `/cfop/cameras/import${query}`, {
        token: as,
        rawBody: payload,
        headers,
      });
      return { status: response.statusCode, body: response.json() as Answer };
    };
    const names = async () =>
      ((await signed.ok('GET', '/cameras?sort=code')).items as { name: string }[]).map((item) => item.name);
    return { ...signed, upload, names };
  }

  const header = '名称,编码,区域,厂商,IP地址,主码流地址,子码流地址,AI服务器,录像';
  const row = (n: number, change: Partial<Record<'name' | 'code' | 'ip' | 'server', string>> = {}) =>
    [
      change.name ?? `北门-0${n}`,
      change.code ?? `CAM-00${n}`,
      '一号园区',
      '海康威视',
      change.ip ?? `10.1.0.${n}`,
      `rtsp://10.1.0.${n}:554/main`,
      '',
      change.server ?? '',
      '不录像',
    ].join(',');
  const file = (...rows: string[]) => `${[header, ...rows].join('\r\n')}\r\n`;

  it('imports back the cameras it exported, in Chinese and in English, unchanged', async () => {
    const { ok, send, upload, t, token } = await importer();
    await ok('POST', '/aiservers', server(1));
    await ok('POST', '/cameras', camera(1, { aiServerId: 1, name: '=1+2', area: '东区, "A" 栋\n二层' }));
    await ok('POST', '/cameras', camera(2, { vendor: 'dahua', recordingMode: 'continuous' }));
    await ok('POST', '/cameras', camera(3, { subStreamUrl: undefined }));
    const shown = async () =>
      ((await ok('GET', '/cameras?sort=code')).items as Record<string, unknown>[]).map(
        ({ id: _id, createdAt: _created, updatedAt: _updated, statusChangedAt: _since, ...kept }) => kept,
      );
    const before = await shown();
    const exported = (await send('GET', '/cameras/export')).rawPayload;
    const english = (await sendRequest(t.app, 'GET', '/cfop/cameras/export', { token, lang: 'en-US' }))
      .rawPayload;
    await ok('POST', '/cameras/bulk-delete', { ids: [1, 2, 3] });

    const dry = await upload(english, '?dryRun=true');
    expect(dry.body.data).toEqual({ dryRun: true, rows: 3, imported: 0, problems: [] });
    const done = await upload(exported);
    expect(done.body.data).toEqual({ dryRun: false, rows: 3, imported: 3, problems: [] });
    expect(await shown()).toEqual(before);
    // A formula is kept as the text typed, not run nor kept with the export's apostrophe.
    expect(before[0]).toMatchObject({ name: '=1+2', area: '东区, "A" 栋\n二层', aiServerName: '边缘盒子-1' });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'importCameras',
      result: 'success',
      target: 'cameras.csv',
      detail_zh: '导入 3 项',
      area: 'KEY.DEVICE.CAMERA',
    });
  });

  it('refuses the whole file when any row is refused, naming each row’s line and column', async () => {
    const { t, ok, upload, names, token } = await importer();
    await ok('POST', '/aiservers', server(1));
    await ok('POST', '/cameras', camera(9, { code: 'CAM-009' }));
    const before = snapshotRows(t.dataDir);
    const { status, body } = await upload(
      file(
        row(1, { server: '边缘盒子-1' }),
        row(2, { ip: '10.1.0' }),
        row(3, { code: 'CAM-001' }),
        row(4, { server: '不存在的盒子', ip: 'x' }),
        row(5, { code: 'CAM-009', name: '' }),
        row(6, { code: 'CAM-009' }),
      ),
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ dryRun: false, rows: 6, imported: 0 });
    expect(body.data.problems).toEqual([
      { line: 3, column: 'IP地址', field: 'ip', message: '格式不正确（ipv4）' },
      { line: 4, column: '编码', field: 'code', message: '与第 2 行重复' },
      { line: 5, column: 'AI服务器', field: 'aiServerId', message: 'AI服务器不存在（不存在的盒子）' },
      { line: 5, column: 'IP地址', field: 'ip', message: '格式不正确（ipv4）' },
      { line: 6, column: '名称', field: 'name', message: '必填' },
      { line: 7, column: '编码', field: 'code', message: '已存在' },
    ]);
    // The same messages as the form: the create operation's own check of the ip.
    const single = await upload(file(row(2, { ip: '10.1.0' })), '?dryRun=true');
    const created = await t.call('createCamera', { token: token, body: camera(2, { ip: '10.1.0' }) });
    expect(single.body.data.problems[0].message).toBe(created.body.data.errors[0].message);
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect(await names()).toEqual(['北门-09']);
    expect(
      operationLog(t.dataDir)
        .filter((entry) => entry.action === 'importCameras')
        .map((entry) => entry.detail_zh),
    ).toEqual(['未导入：共 6 行，5 行有误', '试导入：共 1 行，1 行有误，未写入']);
  });

  it('writes nothing on a dry run, and answers in English to an English reader', async () => {
    const { t, upload, names, token } = await importer();
    const before = snapshotRows(t.dataDir);
    const english =
      'Name,Code,Area,Vendor,IP address,Main stream URL\r\nGate,CAM-001,,Dahua,10.1.0.1,rtsp://10.1.0.1/x\r\nGate 2,c,,Dahua,10.1.0.2,rtsp://10.1.0.2/x\r\n';
    const { payload, headers } = multipartFile(Buffer.from(english), {
      fileName: 'c.csv',
      contentType: 'text/csv',
    });
    const response = await sendRequest(t.app, 'POST', '/cfop/cameras/import?dryRun=true', {
      token: token,
      rawBody: payload,
      headers,
      lang: 'en-US',
    });
    expect(response.json().data).toEqual({
      dryRun: true,
      rows: 2,
      imported: 0,
      problems: [
        { line: 3, column: 'Code', field: 'code', message: expect.stringMatching(/^has an invalid format/) },
      ],
    });
    const clean = await upload(file(row(1), row(2)), '?dryRun=true');
    expect(clean.body.data).toEqual({ dryRun: true, rows: 2, imported: 0, problems: [] });
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect(await names()).toEqual([]);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({ detail_zh: '试导入：共 2 行，0 行有误，未写入' });
  });

  it.each([
    [
      'a body over 2 MB',
      () => Buffer.from(file(...Array.from({ length: 40_000 }, (_, n) => row(n)))),
      /^文件不能超过 2 MB/,
    ],
    [
      'binary garbage',
      () => Buffer.from([0x89, 0x00, 0xff, 0x10, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a]),
      /^文件类型不允许/,
    ],
    [
      'text that is not UTF-8',
      () => Buffer.from([...Buffer.from(`${header}\r\n`), 0xc3, 0x28, 0x41, 0x0a]),
      /^不是 UTF-8 文本/,
    ],
    ['a header only', () => Buffer.from(`\uFEFF${header}\r\n`), /^文件没有数据行/],
    [
      'over 5,000 rows',
      () => Buffer.from(file(...Array.from({ length: 5_001 }, () => 'a'))),
      /^不能超过 5000 行/,
    ],
    ['an unclosed quote', () => Buffer.from(file(row(1), '"北门,CAM-002')), /^第 3 行的引号没有闭合/],
    [
      'unknown and missing columns',
      () => Buffer.from('名称,颜色\r\n北门,红\r\n'),
      /^未知的列：颜色；缺少必填列：编码、主码流地址、厂商、IP地址/,
    ],
  ])('refuses %s as one 400 naming the file', async (_what, bytes, message) => {
    const { t, upload } = await importer();
    const before = snapshotRows(t.dataDir);
    const { status, body } = await upload(bytes());
    expect(status).toBe(400);
    expect(body.data.errors).toEqual([{ field: 'file', message: expect.stringMatching(message) }]);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('reads a BOM, LF, and quoted commas, quotes and line breaks; a formula is stored as typed', async () => {
    const { ok, upload } = await importer();
    // A spreadsheet's empty column after the last is no column.
    const csv = `\uFEFF${header},\n"=HYPERLINK(""x""), 1",CAM-001,"A区,
二层",大华,10.1.0.1,rtsp://10.1.0.1/main,,,\n@SUM(1),CAM-002,,dahua,10.1.0.2,rtsp://10.1.0.2/main,,,连续录像\n`;
    expect((await upload(csv)).body.data).toMatchObject({ imported: 2, problems: [] });
    const items = (await ok('GET', '/cameras?sort=code')).items as Record<string, unknown>[];
    expect(
      items.map(({ name, area, vendor, recordingMode }) => ({ name, area, vendor, recordingMode })),
    ).toEqual([
      { name: '=HYPERLINK("x"), 1', area: 'A区,\n二层', vendor: 'dahua', recordingMode: 'off' },
      { name: '@SUM(1)', area: '', vendor: 'dahua', recordingMode: 'continuous' },
    ]);
  });

  it('answers the template’s header row, and refuses both operations without the camera key', async () => {
    const { t, send, upload } = await importer();
    const template = await send('GET', '/cameras/import-template');
    expect(template.headers['content-disposition']).toMatch(/filename="cameras-import-template\.csv"/);
    // One header line holding the columns a file names (the template follows the camera's fields).
    const text = template.rawPayload.toString('utf8');
    expect(text).toMatch(/^\uFEFF[^\r\n]+\r\n$/);
    expect(text.slice(1).trimEnd().split(',')).toEqual(expect.arrayContaining(header.split(',')));
    await addRole(t.dataDir, 'viewer', ['KEY.DEVICE', 'KEY.DEVICE.AISERVER']);
    await addUser(t.dataDir, { username: 'viewer', password: 'Viewer-2024', roles: ['viewer'] });
    const viewer = await t.signIn('viewer', 'Viewer-2024');
    expect((await upload(file(row(1)), '', viewer)).status).toBe(403);
    expect((await t.call('getCameraImportTemplate', { token: viewer })).status).toBe(403);
  });

  it('lets one of two imports of the same codes at once win; the other is refused whole', async () => {
    const { upload, names } = await importer();
    const csv = file(row(1), row(2), row(3));
    const answers = await Promise.all([upload(csv), upload(csv)]);
    const imported = answers.map((answer) => answer.body.data.imported).sort();
    expect(imported).toEqual([0, 3]);
    const loser = answers.find((answer) => answer.body.data.imported === 0);
    expect(loser?.body.data.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [2, 'code'],
      [3, 'code'],
      [4, 'code'],
    ]);
    expect(await names()).toEqual(['北门-01', '北门-02', '北门-03']);
  });
});
