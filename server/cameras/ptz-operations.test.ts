import { describe, expect, it, onTestFinished } from 'vitest';
import { parseAllowedHosts } from '../streams/stream-address';
import {
  addRole,
  addUser,
  fieldMessages,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  withSqlite,
  type CallOptions,
} from '../test-support/test-app';
import { startTestOnvifDevice, type TestOnvifDevice } from '../../test-support/onvif-device/onvif-device';

/** The test devices listen on loopback, which the server may only reach when the allow-list names it. */
const loopbackAllowed = parseAllowedHosts('127.0.0.1').allowed;

const credentials = { username: 'admin', password: 'Ptz#secret 9' };

async function device(): Promise<TestOnvifDevice> {
  const started = await startTestOnvifDevice({
    ...credentials,
    streams: { main: 'rtsp://127.0.0.1:8554/ptz/main', sub: 'rtsp://127.0.0.1:8554/ptz/sub' },
  });
  onTestFinished(() => started.close());
  return started;
}

/** An app with an administrator signed in, and a camera imported from a test device by ONVIF. */
async function ptzWorld() {
  const camera = await device();
  const t = await startTestApp({ cameraAllowedHosts: loopbackAllowed });
  const token = await t.signIn('admin', testAdminPassword);
  const caller =
    (as: string) =>
    (operationId: string, options: Omit<CallOptions, 'token'> = {}) =>
      t.call(operationId, { token: as, ...options });
  const call = caller(token);
  const imported = await call('importOnvifCameras', {
    body: { devices: [{ xaddr: camera.xaddr, ...credentials, name: '北门云台' }] },
  });
  expect(imported.status).toBe(200);
  const id = imported.body.data[0].id as number;
  return { t, camera, id, call, caller };
}

const ptzLog = (dataDir: string) =>
  operationLog(dataDir).filter((row) => /Ptz/.test(row.action) && row.action !== 'importOnvifCameras');

describe('PTZ control', () => {
  it('remembers the ONVIF address and user of an imported camera, its password only as set', async () => {
    const { t, camera, id, call } = await ptzWorld();
    const got = await call('getCamera', { params: { id } });
    expect(got.body.data).toMatchObject({
      onvifXaddr: camera.xaddr,
      onvifUsername: 'admin',
      onvifPassword: '******',
    });
    // Sent back as shown, the mask keeps the stored password; with another address it is refused.
    const item = got.body.data as Record<string, unknown>;
    const inputFields = [
      'name',
      'code',
      'area',
      'mainStreamUrl',
      'subStreamUrl',
      'vendor',
      'model',
      'ip',
      'aiServerId',
      'recordingMode',
      'onvifXaddr',
      'onvifUsername',
      'onvifPassword',
    ];
    const input = Object.fromEntries(inputFields.map((name) => [name, item[name]]));
    expect((await call('updateCamera', { params: { id }, body: input })).status).toBe(200);
    const stored = () =>
      withSqlite(t.dataDir, (db) =>
        db.prepare('select onvif_password from cameras where id = ?').get(id),
      ) as {
        onvif_password: string;
      };
    expect(stored().onvif_password).toBe(credentials.password);
    const elsewhere = await call('updateCamera', {
      params: { id },
      body: { ...input, onvifXaddr: 'http://10.9.9.9/onvif/device_service' },
    });
    expect(elsewhere.status).toBe(400);
    expect(Object.keys(fieldMessages(elsewhere.body))).toEqual(['onvifPassword']);
    expect(stored().onvif_password).toBe(credentials.password);

    // Never in an answer, the list, the export or the log.
    const seen = [
      JSON.stringify(got.body),
      JSON.stringify((await call('listCameras')).body),
      (await call('exportCameras')).text,
      JSON.stringify(operationLog(t.dataDir)),
    ];
    for (const text of seen) expect(text).not.toContain('Ptz#secret');
  });

  it('moves the camera with a time-out and stops it, at the device', async () => {
    const { camera, id, call } = await ptzWorld();
    const moved = await call('moveCameraPtz', { params: { id }, body: { pan: 0.5, tilt: -0.25, zoom: 0 } });
    expect(moved.status).toBe(200);
    expect((await call('stopCameraPtz', { params: { id } })).status).toBe(200);
    expect(camera.ptzCommands).toEqual([
      // A lost stop leaves it turning five seconds at most.
      { action: 'ContinuousMove', profileToken: 'Profile_1', presetToken: null, timeout: 'PT5S' },
      { action: 'Stop', profileToken: 'Profile_1', presetToken: null, timeout: null },
    ]);
  });

  it('lists, saves, goes to and removes presets, and goes home', async () => {
    const { t, camera, id, call } = await ptzWorld();
    const listed = async () => (await call('listCameraPtzPresets', { params: { id } })).body.data;
    expect(await listed()).toEqual([{ token: '1', name: 'Gate' }]);

    const saved = await call('saveCameraPtzPreset', { params: { id }, body: { name: '东门 口-1' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ token: '2', name: '东门 口-1' });
    expect(await listed()).toEqual([
      { token: '1', name: 'Gate' },
      { token: '2', name: '东门 口-1' },
    ]);

    const token = saved.body.data.token as string;
    expect((await call('gotoCameraPtzPreset', { params: { id, presetToken: token } })).status).toBe(200);
    expect((await call('gotoCameraPtzHome', { params: { id } })).status).toBe(200);
    expect((await call('removeCameraPtzPreset', { params: { id, presetToken: token } })).status).toBe(200);
    expect(await listed()).toEqual([{ token: '1', name: 'Gate' }]);
    expect(camera.ptzCommands.map((c) => [c.action, c.presetToken])).toEqual([
      ['SetPreset', '2'],
      ['GotoPreset', '2'],
      ['GotoHomePosition', null],
      ['RemovePreset', '2'],
    ]);

    // Each is logged, with the camera as target.
    expect(ptzLog(t.dataDir).map((row) => [row.action, row.target])).toEqual([
      ['saveCameraPtzPreset', `#${id} 北门云台`],
      ['gotoCameraPtzPreset', `#${id} 北门云台`],
      ['gotoCameraPtzHome', `#${id} 北门云台`],
      ['removeCameraPtzPreset', `#${id} 北门云台`],
    ]);
  });

  it('logs one entry for a burst of moves, and one more after a minute without', async () => {
    const { t, camera, id, call } = await ptzWorld();
    const move = () => call('moveCameraPtz', { params: { id }, body: { pan: 0, tilt: 0, zoom: 0.3 } });
    // Twenty at once: exactly one opens the session, whatever their order.
    const answers = await Promise.all(Array.from({ length: 20 }, move));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await call('stopCameraPtz', { params: { id } }).then((a) => a.status)).toBe(200);
    expect(camera.ptzCommands.filter((c) => c.action === 'ContinuousMove')).toHaveLength(20);
    expect(ptzLog(t.dataDir)).toMatchObject([
      { action: 'moveCameraPtz', target: `#${id} 北门云台`, result: 'success', username: 'admin' },
    ]);

    t.clock.advance(59_000);
    await move();
    expect(ptzLog(t.dataDir)).toHaveLength(1);
    t.clock.advance(61_000);
    await move();
    expect(ptzLog(t.dataDir)).toHaveLength(2);
  });

  it('refuses a user without the PTZ key with a 403, before the device is reached', async () => {
    const { t, camera, id } = await ptzWorld();
    await addRole(t.dataDir, 'viewer', ['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    await addUser(t.dataDir, { username: 'viewer', password: 'Viewer12345', roles: ['viewer'] });
    const token = await t.signIn('viewer', 'Viewer12345');
    const calls = [
      ['moveCameraPtz', { params: { id }, body: { pan: 1, tilt: 0, zoom: 0 } }],
      ['stopCameraPtz', { params: { id } }],
      ['gotoCameraPtzHome', { params: { id } }],
      ['listCameraPtzPresets', { params: { id } }],
      ['saveCameraPtzPreset', { params: { id }, body: { name: 'x' } }],
      ['gotoCameraPtzPreset', { params: { id, presetToken: '1' } }],
      ['removeCameraPtzPreset', { params: { id, presetToken: '1' } }],
    ] as const;
    for (const [operationId, options] of calls) {
      const answer = await t.call(operationId, { token, ...options });
      expect(answer.status, operationId).toBe(403);
      expect(answer.body.msg).toContain('KEY.DEVICE.CAMERA.PTZ');
    }
    expect(camera.ptzCommands).toEqual([]);
  });

  it('refuses hostile input with a 400, writing nothing and sending nothing', async () => {
    const { t, camera, id, call } = await ptzWorld();
    const before = snapshotRows(t.dataDir);
    const bad = [
      ['moveCameraPtz', { params: { id }, body: { pan: 1.5, tilt: 0, zoom: 0 } }],
      ['moveCameraPtz', { params: { id }, body: { pan: '1', tilt: 0, zoom: 0 } }],
      ['moveCameraPtz', { params: { id }, body: { pan: 0, tilt: 0 } }],
      ['moveCameraPtz', { params: { id }, body: { pan: 0, tilt: 0, zoom: 0, speed: 1 } }],
      ['moveCameraPtz', { params: { id: 'x' }, body: { pan: 0, tilt: 0, zoom: 0 } }],
      ['saveCameraPtzPreset', { params: { id }, body: { name: '' } }],
      ['saveCameraPtzPreset', { params: { id }, body: { name: 'x'.repeat(65) } }],
      ['saveCameraPtzPreset', { params: { id }, body: { name: '</PresetName><x>' } }],
      ['gotoCameraPtzPreset', { params: { id, presetToken: '1</PresetToken>' } }],
      ['removeCameraPtzPreset', { params: { id, presetToken: 'a b' } }],
    ] as const;
    for (const [operationId, options] of bad) {
      const answer = await call(operationId, options);
      expect(answer.status, JSON.stringify(options)).toBe(400);
      expect(answer.text).not.toMatch(/\bat .*\.ts:\d+/);
    }
    expect(camera.ptzCommands).toEqual([]);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('answers a camera without ONVIF plainly, and 404 for no camera', async () => {
    const { id, call } = await ptzWorld();
    const plain = await call('createCamera', {
      body: {
        name: '枪机',
        code: 'PLAIN-1',
        mainStreamUrl: 'rtsp://10.0.0.8/main',
        vendor: 'dahua',
        ip: '10.0.0.8',
      },
    });
    expect(plain.body.data).toMatchObject({ onvifXaddr: '', onvifUsername: '', onvifPassword: '' });
    const params = { id: plain.body.data.id as number };
    const zh = await call('moveCameraPtz', { params, body: { pan: 1, tilt: 0, zoom: 0 } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('此摄像头未配置 ONVIF 地址');
    const en = await call('listCameraPtzPresets', { params, lang: 'en-US' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('This camera has no ONVIF address');
    expect((await call('gotoCameraPtzHome', { params: { id: id + 100 } })).status).toBe(404);
  });

  it('refuses an ONVIF address the server may not reach, and the mask with no password stored', async () => {
    const { call } = await ptzWorld();
    const body = {
      name: '枪机',
      code: 'PLAIN-2',
      mainStreamUrl: 'rtsp://10.0.0.9/main',
      vendor: 'dahua',
      ip: '10.0.0.9',
      onvifXaddr: 'http://169.254.169.254/onvif/device_service',
      onvifUsername: 'admin',
      onvifPassword: '******',
    };
    const refused = await call('createCamera', { body });
    expect(refused.status).toBe(400);
    expect(Object.keys(fieldMessages(refused.body)).sort()).toEqual(['onvifPassword', 'onvifXaddr']);
  });

  it('names the camera when the device refuses its stored credentials, never the password', async () => {
    const { t, camera, id, call } = await ptzWorld();
    withSqlite(t.dataDir, (db) =>
      db.prepare("update cameras set onvif_password = 'stale-pass' where id = ?").run(id),
    );
    const refused = await call('moveCameraPtz', { params: { id }, body: { pan: 1, tilt: 0, zoom: 0 } });
    expect(refused.status).toBe(400);
    expect(fieldMessages(refused.body)).toEqual({ id: '设备拒绝了摄像头保存的 ONVIF 用户名或密码' });
    expect(camera.ptzCommands).toEqual([]);
    expect(JSON.stringify(operationLog(t.dataDir))).not.toContain('stale-pass');
  });
});
