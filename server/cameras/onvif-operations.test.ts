import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parseAllowedHosts } from '../streams/stream-address';
import {
  capturedLog,
  fieldMessages,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  withSqlite,
} from '../test-support/test-app';
import { startTestOnvifDevice, type TestOnvifDevice } from '../../test-support/onvif-device/onvif-device';
import { startDiscoveryResponder } from '../../test-support/onvif-device/discovery-responder';

/** The test devices listen on loopback, which the server may only reach when the allow-list names it. */
const loopbackAllowed = parseAllowedHosts('127.0.0.1').allowed;

const credentials = { username: 'admin', password: 'Cam#pass 1' };

async function device(n = 1): Promise<TestOnvifDevice> {
  const started = await startTestOnvifDevice({
    ...credentials,
    streams: {
      main: `rtsp://127.0.0.1:8554/cam${n}/main`,
      sub: `rtsp://viewer:sub-secret@127.0.0.1:8554/cam${n}/sub`,
    },
  });
  onTestFinished(() => started.close());
  return started;
}

async function signedIn(options: Parameters<typeof startTestApp>[0] = {}) {
  const t = await startTestApp({ cameraAllowedHosts: loopbackAllowed, ...options });
  const token = await t.signIn('admin', testAdminPassword);
  const call = (operationId: string, body?: unknown, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
    t.call(operationId, { token, body, lang });
  return { t, call };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const cameraCount = async (call: Awaited<ReturnType<typeof signedIn>>['call']) =>
  (await call('listCameras')).body.data.total as number;

describe('ONVIF', () => {
  it('lists the IPv4 interfaces discovery may probe from, loopback left out', async () => {
    const { call } = await signedIn();
    const { status, body } = await call('listOnvifInterfaces');
    expect(status).toBe(200);
    for (const found of body.data as { name: string; address: string }[])
      expect(found.address).not.toMatch(/^127\./);
  });

  it('discovers the devices answering its WS-Discovery probe, with their names and hardware', async () => {
    const camera = await device();
    const found = {
      endpoint: camera.endpoint,
      xaddr: camera.xaddr,
      name: '北门 枪机',
      hardware: 'DS-2CD2T47G2-L',
    };
    // A datagram that is no SOAP, and an answer to another probe, arrive first: both are passed over.
    const responder = await startDiscoveryResponder([found], { strayFirst: true });
    onTestFinished(() => responder.close());
    const { call } = await signedIn({ onvif: { discoveryTarget: responder } });
    const { status, body } = await call('discoverOnvifDevices', { seconds: 1 });
    expect(status).toBe(200);
    expect(body.data).toEqual([
      {
        address: camera.endpoint,
        xaddr: camera.xaddr,
        xaddrs: [camera.xaddr],
        name: '北门 枪机',
        hardware: 'DS-2CD2T47G2-L',
        scopes: expect.arrayContaining(['onvif://www.onvif.org/Profile/Streaming']),
      },
    ]);
    expect(responder.probes()).toBe(1);
  });

  it('refuses a discovery from an address that is not one of the server’s interfaces, or too long a wait', async () => {
    const { call } = await signedIn();
    const foreign = await call('discoverOnvifDevices', { interfaceAddress: '203.0.113.7', seconds: 1 });
    expect(foreign.status).toBe(400);
    expect(fieldMessages(foreign.body)).toEqual({ interfaceAddress: '不是本服务器的 IPv4 网卡地址' });
    for (const body of [{ seconds: 0 }, { seconds: 11 }, { seconds: 1, interfaceAddress: 'eth0' }, {}])
      expect((await call('discoverOnvifDevices', body)).status).toBe(400);
  });

  it('reads a device’s information and its main and sub profiles, a password in a stream address masked', async () => {
    const camera = await device();
    const { call } = await signedIn();
    const { status, body } = await call('readOnvifDevice', { xaddr: camera.xaddr, ...credentials });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      xaddr: camera.xaddr,
      ...camera.info,
      profiles: [
        {
          token: 'Profile_1',
          name: 'mainStream',
          encoding: 'H264',
          width: 1920,
          height: 1080,
          streamUri: 'rtsp://127.0.0.1:8554/cam1/main',
        },
        {
          token: 'Profile_2',
          name: 'subStream',
          encoding: 'H264',
          width: 640,
          height: 360,
          streamUri: 'rtsp://viewer:******@127.0.0.1:8554/cam1/sub',
        },
      ],
    });
    expect(JSON.stringify(body)).not.toContain(credentials.password);
  });

  it('says plainly, in Chinese and English, when the device refuses the credentials', async () => {
    const camera = await device();
    const log = capturedLog();
    const { call } = await signedIn({ logger: log.logger });
    const wrong = { xaddr: camera.xaddr, username: 'admin', password: 'guess' };
    const zh = await call('readOnvifDevice', wrong);
    expect(zh.status).toBe(400);
    expect(fieldMessages(zh.body)).toEqual({ password: '设备拒绝了用户名或密码' });
    const en = await call('readOnvifDevice', wrong, 'en-US');
    expect(en.body.msg).toContain('the device refused the user name or password');
    expect(camera.refused()).toBeGreaterThan(0);
    // The device's own words go to the server log, never a password.
    const logged = log.lines.map((line) => line.msg).filter((msg) => msg.startsWith('ONVIF device'));
    expect(logged[0]).toMatch(
      /^ONVIF device http:\/\/127\.0\.0\.1:\d+\/onvif\/device_service not read: ONVIF SOAP Fault: Sender not Authorized/,
    );
    expect(JSON.stringify(log.lines)).not.toContain('guess');
  });

  it('answers 504 when a device never finishes answering, however long each request may take', async () => {
    // Accepts connections and never answers: only the whole reading's bound ends the wait.
    const held = new Set<Socket>();
    const silent = createServer((socket) => void held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => {
      for (const socket of held) socket.destroy();
      silent.close();
    });
    const { port } = silent.address() as AddressInfo;
    const { call } = await signedIn({ onvif: { requestTimeoutMs: 600_000, readTimeoutMs: 200 } });
    const answer = await call('readOnvifDevice', {
      xaddr: `http://127.0.0.1:${port}/onvif/device_service`,
      ...credentials,
    });
    expect(answer.status).toBe(504);
    expect(answer.body.msg).toBe('ONVIF 设备在时限内没有应答');
  });

  it('ends a connection whose answer grows past what a camera sends, as a 502', async () => {
    // Answers every request with a body that never ends, as fast as the reader takes it.
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const endless = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/soap+xml\r\n\r\n<s:Envelope>');
      const more = () => {
        while (!socket.destroyed && socket.write(chunk));
      };
      socket.on('drain', more);
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void endless.close());
    const { port } = endless.address() as AddressInfo;
    const { call } = await signedIn({ onvif: { readTimeoutMs: 600_000 } });
    const answer = await call('readOnvifDevice', {
      xaddr: `http://127.0.0.1:${port}/onvif/device_service`,
      ...credentials,
    });
    expect(answer.status).toBe(502);
  });

  it('answers 502 for a device that cannot be reached, 400 for an address the server may not reach', async () => {
    const { call } = await signedIn();
    const port = await closedPort();
    const gone = await call('readOnvifDevice', {
      xaddr: `http://127.0.0.1:${port}/onvif/device_service`,
      ...credentials,
    });
    expect(gone.status).toBe(502);
    expect(gone.body.msg).toContain('无法连接 ONVIF 设备');

    const guarded = await signedIn({ cameraAllowedHosts: undefined });
    const camera = await device();
    const local = await guarded.call('readOnvifDevice', { xaddr: camera.xaddr, ...credentials });
    expect(local.status).toBe(400);
    expect(Object.keys(fieldMessages(local.body))).toEqual(['xaddr']);
  });

  it('adds four found devices as cameras in one call, main and sub stream with the credentials in them', async () => {
    const cameras = await Promise.all([1, 2, 3, 4].map((n) => device(n)));
    const { t, call } = await signedIn();
    const devices = cameras.map((camera, index) => ({
      xaddr: camera.xaddr,
      ...credentials,
      name: `东门-${index + 1}`,
      area: '一号园区',
    }));
    const { status, body } = await call('importOnvifCameras', { devices });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(4);
    const [first] = cameras as [TestOnvifDevice];
    expect(body.data[0]).toMatchObject({
      name: '东门-1',
      area: '一号园区',
      code: `ONVIF-127-0-0-1-${new URL(first.xaddr).port}`,
      vendor: 'hikvision',
      model: 'DS-2CD2T47G2-L',
      ip: '127.0.0.1',
      mainStreamUrl: 'rtsp://admin:******@127.0.0.1:8554/cam1/main',
      // The sub stream's own credentials are kept.
      subStreamUrl: 'rtsp://viewer:******@127.0.0.1:8554/cam1/sub',
    });
    expect(await cameraCount(call)).toBe(4);
    expect(JSON.stringify(body)).not.toContain('Cam%23pass');

    // The stored address carries the password whole, percent-encoded: a live view can open it.
    const stored = withSqlite(t.dataDir, (db) =>
      db.prepare('select main_stream_url from cameras where id = 1').get(),
    ) as { main_stream_url: string };
    expect(stored.main_stream_url).toBe('rtsp://admin:Cam%23pass%201@127.0.0.1:8554/cam1/main');
    const [logged] = operationLog(t.dataDir).filter((row) => row.action === 'importOnvifCameras');
    expect(logged).toMatchObject({ target: '东门-1，东门-2，东门-3，东门-4', detail_en: 'added 4 cameras' });
    expect(JSON.stringify(operationLog(t.dataDir))).not.toMatch(/Cam(#|%23)pass/);
  });

  it('writes nothing when one row is refused, naming each refused row', async () => {
    const [one, two, three] = await Promise.all([device(1), device(2), device(3)]);
    const { t, call } = await signedIn();
    const before = snapshotRows(t.dataDir);
    const row = (camera: TestOnvifDevice, n: number) => ({
      xaddr: camera.xaddr,
      ...credentials,
      name: `西门-${n}`,
      code: `WEST-${n}`,
    });
    const devices = [
      row(one, 1),
      { ...row(two, 2), password: 'guess' },
      { ...row(three, 3), code: 'WEST-1' },
    ];
    const { status, body } = await call('importOnvifCameras', { devices });
    expect(status).toBe(400);
    expect(Object.keys(fieldMessages(body)).sort()).toEqual(['devices.1.password']);
    expect(snapshotRows(t.dataDir)).toEqual(before);

    // The device read, a clash with an earlier row is refused in the transaction: still nothing written.
    const clash = await call('importOnvifCameras', { devices: [devices[0], devices[2]] });
    expect(clash.status).toBe(400);
    expect(Object.keys(fieldMessages(clash.body))).toEqual(['devices.1.code']);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('refuses hostile input with a 400 and never a stack trace', async () => {
    const { call } = await signedIn();
    const bad = [
      ['readOnvifDevice', { xaddr: 'file:///etc/passwd', ...credentials }],
      ['readOnvifDevice', { xaddr: 'http://[zz]/onvif/device_service', ...credentials }],
      ['readOnvifDevice', { xaddr: 'http://127.0.0.1:99999/onvif/device_service', ...credentials }],
      ['readOnvifDevice', { xaddr: 'http://user:pw@10.0.0.5/onvif/device_service', ...credentials }],
      ['readOnvifDevice', { xaddr: 'http://10.0.0.5/onvif', username: '<x/>', password: 'p' }],
      ['readOnvifDevice', { xaddr: 'http://10.0.0.5/onvif', username: 'a', password: '密码' }],
      ['readOnvifDevice', { xaddr: 'http://10.0.0.5/onvif', ...credentials, extra: 1 }],
      ['importOnvifCameras', { devices: [] }],
      ['importOnvifCameras', { devices: [{ xaddr: 'http://[zz]/', ...credentials, name: 'a' }] }],
      ['importOnvifCameras', { devices: [{ xaddr: 'http://10.0.0.5/', ...credentials, name: '' }] }],
      [
        'importOnvifCameras',
        { devices: [{ xaddr: 'http://10.0.0.5/', ...credentials, name: 'a', code: '-' }] },
      ],
    ] as const;
    for (const [operationId, body] of bad) {
      const answer = await call(operationId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.text).not.toMatch(/\bat .*\.ts:\d+/);
    }
  });
});
