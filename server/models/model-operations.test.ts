import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  clientHeaders,
  createTestModel,
  ingestKeyHeader,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
  sendRequest,
} from '../test-support/test-app';
import { multipartFile, pngBytes } from '../test-support/multipart';
import { labelledFields } from '../resources/field-labels';

const modelBytes = Buffer.from('ONNX-ish model bytes \x00\x01\x02');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const input = (fileId: number, change: Record<string, unknown> = {}) => ({
  name: '安全帽检测',
  algorithm: 'helmet',
  version: '1.0.0',
  fileId,
  format: 'ONNX',
  classes: ['helmet', 'head'],
  inputSize: '640x640',
  targetHardware: 'NPU',
  ...change,
});

async function signedIn() {
  const t = await startTestApp();
  const token = await t.signIn('admin', testAdminPassword);
  const upload = async (path: string, bytes: Buffer, fileName = 'yolov8n-helmet.onnx') => {
    const { payload, headers } = multipartFile(bytes, { fileName });
    const response = await t.app.inject({
      method: 'POST',
      url: `/cfop/files/${path}`,
      headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
      payload,
    });
    return response.json().data.id as number;
  };
  const create = async (body: Record<string, unknown>) => {
    const { body: answer } = await t.call('createModel', { token, body });
    if (!answer.success) throw new Error(answer.msg);
    t.clock.advance(1000);
    return answer.data as { id: number; [field: string]: unknown };
  };
  const aiServer = async (n: number) => {
    const { body } = await t.call('createAiServer', {
      token,
      body: {
        name: `边缘盒子-${n}`,
        serialNumber: `SN-000${n}`,
        ip: `10.0.0.${n}`,
        port: 8000,
        acceleratorType: 'NPU',
        channelCapacity: 16,
      },
    });
    return { id: body.data.server.id as number, key: body.data.ingestKey as string };
  };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    sendRequest(t.app, method, `/cfop${path}`, { token, body });
  return { t, token, upload, create, aiServer, send };
}

function ingest(t: TestApp, key: string | undefined, method: 'GET' | 'POST', path: string, body?: unknown) {
  return t.app.inject({
    method,
    url: `/cfop/ingest${path}`,
    headers: {
      ...(key === undefined ? {} : { [ingestKeyHeader]: key }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

describe('models', () => {
  it('creates a model on an uploaded file, answering the file’s name, size and SHA-256', async () => {
    const { t, token, upload } = await signedIn();
    const fileId = await upload('model-files', modelBytes);
    const { status, body } = await t.call('createModel', {
      token,
      body: input(fileId, { description: '工地' }),
    });
    expect(status).toBe(200);
    const now = t.clock.now().toISOString();
    // The contract check above refuses any other field; a field added later joins without an edit.
    expect(body.data).toMatchObject({
      id: 1,
      ...input(fileId),
      description: '工地',
      fileName: 'yolov8n-helmet.onnx',
      fileSize: modelBytes.length,
      fileSha256: sha256(modelBytes),
      deployedCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'createModel',
      area: 'KEY.MODEL',
      target: '#1 安全帽检测',
      result: 'success',
    });
  });

  it('refuses a file id that does not exist or is not a model file, naming fileId, writing nothing', async () => {
    const { t, token, upload } = await signedIn();
    const photo = await upload('staff-photos', pngBytes, 'face.png');
    const before = snapshotRows(t.dataDir);
    for (const [fileId, message] of [
      [photo, `文件 ${photo} 不是此处可用的文件`],
      [99, '文件不存在（id 99）'],
    ] as const) {
      const { status, body } = await t.call('createModel', { token, body: input(fileId) });
      expect(status).toBe(400);
      expect(body.data.errors).toEqual([{ field: 'fileId', message }]);
    }
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('keeps name and version unique together; lists, filters, sorts and exports classes as one cell', async () => {
    const { t, token, upload, create, send } = await signedIn();
    const fileId = await upload('model-files', modelBytes);
    await create(input(fileId));
    await create(input(fileId, { version: '1.1.0' }));
    await create(input(fileId, { name: 'Fire', algorithm: 'fireSmoke', format: 'RKNN', classes: [] }));
    const clash = await t.call('createModel', { token, body: input(fileId) });
    expect(clash.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'version']);

    const listed = await send('GET', '/models?algorithm=helmet&sort=-version');
    expect(listed.json().data.items.map((m: { version: string }) => m.version)).toEqual(['1.1.0', '1.0.0']);
    expect((await send('GET', '/models?name=fir&format=RKNN')).json().data.total).toBe(1);

    const csv = (await send('GET', '/models/export?sort=name')).rawPayload
      .toString('utf8')
      .slice(1)
      .split('\r\n');
    // The screen's columns in its order, headed in Chinese, times in the zone asked (none: UTC); read
    // from the manifest's labels, so a field added to models joins the file without an edit here.
    const headers = labelledFields('Model').map(({ label, widget }) =>
      widget === 'datetime' ? `${label.zh} (UTC)` : label.zh,
    );
    expect(csv[0]).toBe(headers.join(','));
    expect(csv[0]).toMatch(/^编号,名称,算法类型,版本,模型文件,.*,创建时间 \(UTC\),更新时间 \(UTC\)$/);
    // The algorithm by its label; the classes (free text, no labels) as they are.
    expect(csv[1]).toMatch(/^3,Fire,烟火检测,1\.0\.0,/);
    expect(csv[2]).toMatch(/^1,安全帽检测,安全帽检测,1\.0\.0,/);
    expect(csv[2]).toContain(`,ONNX,"helmet, head",640x640,NPU,,0,`);
    expect(csv[2]).toContain(sha256(modelBytes));
  });

  it('updates classes and the file, logging only what changed', async () => {
    const { t, upload, create, send } = await signedIn();
    const first = await upload('model-files', modelBytes);
    const model = await create(input(first));
    const same = await send('PUT', `/models/${model.id}`, input(first));
    expect(same.json().data).toMatchObject({ classes: ['helmet', 'head'] });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({ detail_zh: '无变更' });
    const second = await upload('model-files', Buffer.from('v2 bytes'), 'v2.onnx');
    const changed = await send('PUT', `/models/${model.id}`, input(second, { classes: ['helmet'] }));
    expect(changed.json().data).toMatchObject({ fileId: second, fileName: 'v2.onnx', classes: ['helmet'] });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({ detail_zh: '修改：模型文件、检测类别' });
  });
});

describe('model deployments', () => {
  async function deployedModel() {
    const env = await signedIn();
    const fileId = await env.upload('model-files', modelBytes);
    const model = await env.create(input(fileId));
    const [one, two, three] = [await env.aiServer(1), await env.aiServer(2), await env.aiServer(3)];
    return { ...env, model, one, two, three };
  }

  it('lists every AI server with the model’s status there; deploying makes chosen ones pending', async () => {
    const { t, send, model, one, three } = await deployedModel();
    const before = await send('GET', `/models/${model.id}/deployments`);
    expect(before.json().data.items.map((d: { status: unknown }) => d.status)).toEqual([null, null, null]);

    const deployed = await send('POST', `/models/${model.id}/deployments`, {
      aiServerIds: [one.id, three.id],
    });
    expect(deployed.statusCode).toBe(200);
    const now = t.clock.now().toISOString();
    expect(deployed.json().data.items).toEqual([
      {
        aiServerId: one.id,
        aiServerName: '边缘盒子-1',
        aiServerIp: '10.0.0.1',
        aiServerStatus: 'offline',
        status: 'pending',
        message: '',
        requestedAt: now,
        reportedAt: null,
      },
      expect.objectContaining({ aiServerName: '边缘盒子-2', status: null, requestedAt: null }),
      expect.objectContaining({ aiServerName: '边缘盒子-3', status: 'pending' }),
    ]);
    expect((await send('GET', `/models/${model.id}`)).json().data.deployedCount).toBe(2);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'deployModel',
      area: 'KEY.MODEL',
      target: '#1 安全帽检测',
      detail_zh: '部署到：边缘盒子-1、边缘盒子-3',
    });
  });

  it('refuses unknown AI servers naming aiServerIds, and an unknown model with a 404, writing nothing', async () => {
    const { t, send, model, one } = await deployedModel();
    const before = snapshotRows(t.dataDir);
    const unknown = await send('POST', `/models/${model.id}/deployments`, { aiServerIds: [one.id, 77] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.errors).toEqual([
      { field: 'aiServerIds', message: 'AI服务器不存在（id 77）' },
    ]);
    expect((await send('POST', '/models/9/deployments', { aiServerIds: [one.id] })).statusCode).toBe(404);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('refuses to delete a deployed model, alone or in bulk, naming it and its servers; withdrawing allows it', async () => {
    const { t, token, send, model, one, two } = await deployedModel();
    await send('POST', `/models/${model.id}/deployments`, { aiServerIds: [one.id, two.id] });
    const before = snapshotRows(t.dataDir);
    const refused = await send('DELETE', `/models/${model.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      '模型 #1 安全帽检测 已部署到 2 台AI服务器（边缘盒子-1、边缘盒子-2），请先撤回部署再删除',
    );
    const bulk = await t.call('bulkDeleteModels', { token, body: { ids: [model.id] }, lang: 'en-US' });
    expect(bulk.status).toBe(400);
    expect(bulk.body.msg).toBe(
      'Model #1 安全帽检测 is deployed to 2 AI server(s) (边缘盒子-1, 边缘盒子-2); withdraw it before deleting',
    );
    expect(snapshotRows(t.dataDir)).toEqual(before);

    const withdrawn = await send('POST', `/models/${model.id}/deployments/withdraw`, {
      aiServerIds: [one.id, two.id],
    });
    expect(withdrawn.json().data.items.every((d: { status: unknown }) => d.status === null)).toBe(true);
    expect((await send('DELETE', `/models/${model.id}`)).statusCode).toBe(200);
  });

  it('refuses to delete a model cameras’ analysis tasks run, alone or in bulk, counting the tasks per camera', async () => {
    const { t, token, send, model, one } = await deployedModel();
    const other = await createTestModel(t, token, { name: '烟火检测', algorithm: 'fireSmoke' });
    const task = (name: string, modelId: number) => ({
      name,
      modelId,
      confidenceThreshold: 0.5,
      region: [
        { x: 0.1, y: 0.1 },
        { x: 0.9, y: 0.1 },
        { x: 0.5, y: 0.9 },
      ],
      schedule: Array.from({ length: 7 }, () => '1'.repeat(48)),
      alertLevel: 'high',
    });
    for (const [n, name] of [
      [1, '南门-01'],
      [2, '北门-02'],
    ] as const) {
      const camera = {
        name,
        code: `CAM-00${n}`,
        mainStreamUrl: `rtsp://10.1.0.${n}/main`,
        vendor: 'hikvision',
        ip: `10.1.0.${n}`,
      };
      expect((await send('POST', '/cameras', camera)).statusCode).toBe(200);
    }
    for (const [camera, name] of [
      [1, '安全帽'],
      [2, '安全帽'],
      [2, '安全帽-夜间'],
    ] as const) {
      expect((await send('POST', `/cameras/${camera}/tasks`, task(name, model.id))).statusCode).toBe(200);
    }
    const before = snapshotRows(t.dataDir);

    const refused = await send('DELETE', `/models/${model.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      '模型 #1 安全帽检测 被 3 个分析任务使用（摄像头「北门-02」2 个、摄像头「南门-01」1 个），请先为这些任务换用其他模型或删除任务再删除',
    );
    await send('POST', `/models/${model.id}/deployments`, { aiServerIds: [one.id] });
    const bulk = await t.call('bulkDeleteModels', { token, body: { ids: [other, model.id] }, lang: 'en-US' });
    expect(bulk.status).toBe(400);
    expect(bulk.body.data.errors).toEqual([
      {
        field: 'ids',
        message:
          'model #1 安全帽检测 is deployed to 1 AI server(s) (边缘盒子-1) and is run by 3 analysis task(s) (camera 北门-02: 2, camera 南门-01: 1); withdraw it and give those tasks another model or delete them before deleting',
      },
    ]);
    expect(snapshotRows(t.dataDir).models).toEqual(before.models);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({ action: 'bulkDeleteModels', result: 'failure' });

    // Once no task runs it and it is withdrawn, it goes.
    await send('POST', `/models/${model.id}/deployments/withdraw`, { aiServerIds: [one.id] });
    expect((await send('PUT', '/cameras/1/tasks/1', task('安全帽', other))).statusCode).toBe(200);
    expect((await send('DELETE', '/cameras/2')).statusCode).toBe(200);
    expect((await send('DELETE', `/models/${model.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/models/${other}`)).statusCode).toBe(400);
  });

  it('ends a deployment when its AI server is deleted', async () => {
    const { send, model, one } = await deployedModel();
    await send('POST', `/models/${model.id}/deployments`, { aiServerIds: [one.id] });
    expect((await send('DELETE', `/aiservers/${one.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/models/${model.id}`)).json().data.deployedCount).toBe(0);
  });
});

describe('ingest: the AI server’s side', () => {
  it('lists, serves and takes reports only for models deployed to the calling server', async () => {
    const env = await signedIn();
    const { t, send } = env;
    const fileId = await env.upload('model-files', modelBytes);
    const model = await env.create(input(fileId));
    const one = await env.aiServer(1);
    const two = await env.aiServer(2);
    await send('POST', `/models/${model.id}/deployments`, { aiServerIds: [one.id] });

    const listed = await ingest(t, one.key, 'GET', '/deployments');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.items).toEqual([
      expect.objectContaining({
        modelId: model.id,
        name: '安全帽检测',
        classes: ['helmet', 'head'],
        fileName: 'yolov8n-helmet.onnx',
        fileSize: modelBytes.length,
        fileSha256: sha256(modelBytes),
        status: 'pending',
      }),
    ]);
    expect((await ingest(t, two.key, 'GET', '/deployments')).json().data.items).toEqual([]);

    const file = await ingest(t, one.key, 'GET', `/models/${model.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(modelBytes));
    expect(file.headers['content-disposition']).toContain('attachment; filename="yolov8n-helmet.onnx"');
    const elsewhere = await ingest(t, two.key, 'GET', `/models/${model.id}/file`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().msg).toBe(`模型未部署到本AI服务器（id ${model.id}）`);

    t.clock.advance(5000);
    const reported = await ingest(t, one.key, 'POST', `/models/${model.id}/deployment`, {
      status: 'failed',
      message: 'NPU out of memory',
    });
    expect(reported.statusCode).toBe(200);
    const seen = (await send('GET', `/models/${model.id}/deployments`)).json().data.items[0];
    expect(seen).toMatchObject({
      status: 'failed',
      message: 'NPU out of memory',
      reportedAt: t.clock.now().toISOString(),
    });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'reportModelDeployment',
      area: null,
      user_id: null,
      target: `#${model.id} 安全帽检测 @ 边缘盒子-1`,
      result: 'success',
    });
    const notThere = await ingest(t, two.key, 'POST', `/models/${model.id}/deployment`, {
      status: 'deployed',
    });
    expect(notThere.statusCode).toBe(404);

    // Deploying again after a failure starts over as pending.
    await send('POST', `/models/${model.id}/deployments`, { aiServerIds: [one.id] });
    expect((await send('GET', `/models/${model.id}/deployments`)).json().data.items[0]).toMatchObject({
      status: 'pending',
      message: '',
      reportedAt: null,
    });
  });

  it('answers 401 without a key, with an unknown one and with a rotated one', async () => {
    const env = await signedIn();
    const one = await env.aiServer(1);
    expect((await ingest(env.t, undefined, 'GET', '/deployments')).statusCode).toBe(401);
    expect((await ingest(env.t, 'x'.repeat(43), 'GET', '/deployments')).statusCode).toBe(401);
    await env.send('POST', `/aiservers/${one.id}/ingest-key`);
    const rotated = await ingest(env.t, one.key, 'GET', '/deployments');
    expect(rotated.statusCode).toBe(401);
    expect(rotated.json()).toMatchObject({ success: false, code: '401', msg: '接入密钥无效' });
  });
});
