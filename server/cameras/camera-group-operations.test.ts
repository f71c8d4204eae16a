import { describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  fieldMessages,
  operationLog,
  startTestApp,
  testAdminPassword,
} from '../test-support/test-app';

const camera = (n: number) => ({
  name: `分组测试-${n}`,
  code: `GRP-${n}`,
  mainStreamUrl: `rtsp://10.2.0.${n}:554/main`,
  vendor: 'hikvision',
  ip: `10.2.0.${n}`,
  aiServerId: null,
});

/** An app with an administrator signed in and `count` cameras; answers their ids. */
async function groupWorld(count: number) {
  const t = await startTestApp();
  const token = await t.signIn('admin', testAdminPassword);
  const ids: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    const { body } = await t.call('createCamera', { token, body: camera(n) });
    ids.push(body.data.id as number);
  }
  return { t, token, ids };
}

describe('camera groups', () => {
  it('keeps a camera in several groups, names them, and loses a deleted camera from each', async () => {
    const { t, token, ids } = await groupWorld(3);
    const [a, b, c] = ids as [number, number, number];
    const north = await t.call('createCameraGroup', {
      token,
      body: { name: '北区', description: null, cameraIds: [b, a] },
    });
    expect(north.status).toBe(200);
    expect(north.body.data).toMatchObject({ cameraIds: [a, b], cameraNames: ['分组测试-1', '分组测试-2'] });
    const gates = await t.call('createCameraGroup', {
      token,
      body: { name: '出入口', description: '大门', cameraIds: [b, c] },
    });
    expect(gates.body.data.cameraIds).toEqual([b, c]);

    const changed = await t.call('updateCameraGroup', {
      token,
      params: { id: north.body.data.id },
      body: { name: '北区', description: null, cameraIds: [a] },
    });
    expect(changed.body.data.cameraIds).toEqual([a]);

    await t.call('deleteCamera', { token, params: { id: b } });
    const live = await t.call('listLiveCameraGroups', { token });
    expect(live.body.data.items).toEqual([
      { id: gates.body.data.id, name: '出入口', cameraIds: [c] },
      { id: north.body.data.id, name: '北区', cameraIds: [a] },
    ]);
    const logged = operationLog(t.dataDir).filter((row) => /CameraGroup/.test(row.action));
    expect(logged.map((row) => [row.action, row.target, row.result])).toEqual([
      ['createCameraGroup', expect.stringContaining('北区'), 'success'],
      ['createCameraGroup', expect.stringContaining('出入口'), 'success'],
      ['updateCameraGroup', expect.stringContaining('北区'), 'success'],
    ]);
  });

  it('refuses unknown cameras, repeats and a taken name, naming the field', async () => {
    const { t, token, ids } = await groupWorld(1);
    const [a] = ids as [number];
    const unknown = await t.call('createCameraGroup', {
      token,
      body: { name: '甲', description: null, cameraIds: [a, 999999] },
    });
    expect(unknown.status).toBe(400);
    expect(fieldMessages(unknown.body)).toHaveProperty('cameraIds');
    const repeated = await t.call('createCameraGroup', {
      token,
      body: { name: '甲', description: null, cameraIds: [a, a] },
    });
    expect(repeated.status).toBe(400);
    await t.call('createCameraGroup', { token, body: { name: '甲', description: null, cameraIds: [] } });
    const taken = await t.call('createCameraGroup', {
      token,
      body: { name: '甲', description: null, cameraIds: [a] },
    });
    expect(taken.status).toBe(400);
    expect(fieldMessages(taken.body)).toHaveProperty('name');
    const hostile = await t.call('createCameraGroup', {
      token,
      body: { name: '乙', description: null, cameraIds: ['1 or 1=1'] },
    });
    expect(hostile.status).toBe(400);
  });

  it('is managed under its own key; a video operator reads the groups on the wall without it', async () => {
    const { t, token, ids } = await groupWorld(1);
    await t.call('createCameraGroup', { token, body: { name: '全部', description: null, cameraIds: ids } });
    await addRole(t.dataDir, 'viewer', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
    await addUser(t.dataDir, { username: 'viewer', password: 'Viewer#12345', roles: ['viewer'] });
    const viewer = await t.signIn('viewer', 'Viewer#12345');
    expect((await t.call('listCameraGroups', { token: viewer })).status).toBe(403);
    const refused = await t.call('createCameraGroup', {
      token: viewer,
      body: { name: '乙', description: null, cameraIds: [] },
    });
    expect(refused.status).toBe(403);
    const live = await t.call('listLiveCameraGroups', { token: viewer });
    expect(live.body.data.items).toEqual([{ id: expect.any(Number), name: '全部', cameraIds: ids }]);
  });
});
