import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import { watchLive } from '../test-support/live-socket';
import type { AppOptions } from '../app';
import { defaultLiveMaxStreams } from '../streams/stream-slots';
import {
  fieldMessages,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  withSqlite,
} from '../test-support/test-app';
import { parseAllowedHosts, type HostLookup } from '../streams/stream-address';
import type { StreamSpawn } from '../streams/stream-process';

const camera = (n: number, change: Record<string, unknown> = {}) => ({
  name: `东门-${n}`,
  code: `SAFE-${n}`,
  mainStreamUrl: `rtsp://10.1.0.${n}:554/main`,
  vendor: 'dahua',
  ip: `10.1.0.${n}`,
  aiServerId: null,
  ...change,
});

/** Names a test resolves, as a DNS server would answer them; any other name does not resolve. */
function lookupTable(table: Record<string, readonly string[]>): HostLookup {
  return async (name) => {
    const found = table[name];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  };
}

/**
 * ffmpeg stand-ins for counting: each started one stays running until the test lets it answer a
 * JPEG; `most` is the most running at once.
 */
function countedSpawns() {
  const held: (() => void)[] = [];
  let running = 0;
  let most = 0;
  let started = 0;
  let answerAtOnce = false;
  const spawn: StreamSpawn = () => {
    const child = Object.assign(new EventEmitter(), {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      spawnfile: 'ffmpeg',
      kill: () => true,
    });
    started += 1;
    running += 1;
    most = Math.max(most, running);
    const answer = () => {
      running -= 1;
      child.stdout.end(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      setImmediate(() => child.emit('close', 0));
    };
    if (answerAtOnce) setImmediate(answer);
    else held.push(answer);
    return child as unknown as ChildProcess;
  };
  return {
    spawn,
    started: () => started,
    most: () => most,
    /** Lets every held one answer, and every later one answer as soon as it starts. */
    releaseAll() {
      answerAtOnce = true;
      for (const answer of held.splice(0)) answer();
    },
  };
}

async function adminApp(options: Partial<AppOptions> = {}) {
  const t = await startTestApp(options);
  const token = await t.signIn('admin', testAdminPassword);
  return { t, token };
}

/** A camera row written past the API (as before these checks existed), to try what a grab does with it. */
function storeStreamUrl(dataDir: string, id: number, url: string) {
  withSqlite(dataDir, (db) => db.prepare('update cameras set main_stream_url = ? where id = ?').run(url, id));
}

const forbiddenTargets = [
  ['loopback', 'rtsp://127.0.0.1:554/main'],
  ['loopback, short form', 'rtsp://127.1/main'],
  ['loopback as a number', 'http://2130706433:8080/x'],
  ['localhost', 'http://localhost:8080/admin'],
  ['a localhost subdomain', 'http://cam.localhost/x'],
  ['IPv6 loopback', 'rtsp://[::1]:554/main'],
  ['IPv4-mapped loopback', 'rtsp://[::ffff:127.0.0.1]:554/main'],
  ['the unspecified address', 'rtsp://0.0.0.0:554/main'],
  ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
  ['a link-local IPv6 address', 'rtsp://[fe80::1]/main'],
  ['a metadata host name', 'http://metadata.google.internal/computeMetadata/v1/'],
  ['a name resolving to loopback', 'rtsp://rebind.example.test:554/main'],
  ['a name with a loopback address among others', 'rtsp://mixed.example.test/main'],
  ['a host hidden behind a backslash', 'http://10.0.0.5\\@127.0.0.1:8080/x'],
] as const;

const otherSchemes = [
  ['file:', 'file:///etc/passwd'],
  ['gopher:', 'gopher://10.0.0.5:70/x'],
  ['ftp:', 'ftp://10.0.0.5/x'],
  ['rtmp:', 'rtmp://10.0.0.5/live'],
  ['data:', 'data:text/plain,x'],
] as const;

const resolving = lookupTable({
  'rebind.example.test': ['127.0.0.1'],
  'mixed.example.test': ['10.0.0.8', '::1'],
  'cam.example.test': ['10.0.0.9'],
});

describe('where camera streams may point', () => {
  it('refuses each local, link-local or metadata target and each other scheme when a camera is saved, naming the field, writing nothing', async () => {
    const { t, token } = await adminApp({ cameraLookup: resolving });
    await t.call('createCamera', { token, body: camera(1) });
    const before = snapshotRows(t.dataDir);
    for (const [target, url] of [...forbiddenTargets, ...otherSchemes]) {
      const created = await t.call('createCamera', { token, body: camera(2, { mainStreamUrl: url }) });
      expect(created.status, target).toBe(400);
      expect(Object.keys(fieldMessages(created.body)), target).toEqual(['mainStreamUrl']);
      const updated = await t.call('updateCamera', {
        token,
        params: { id: 1 },
        body: camera(1, { subStreamUrl: url }),
      });
      expect(updated.status, target).toBe(400);
      expect(Object.keys(fieldMessages(updated.body)), target).toEqual(['subStreamUrl']);
    }
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('says why an address is refused and how an administrator allows it', async () => {
    const { t, token } = await adminApp();
    const { body } = await t.call('createCamera', {
      token,
      body: camera(1, { mainStreamUrl: 'rtsp://127.0.0.1/main' }),
    });
    expect(fieldMessages(body)).toEqual({
      mainStreamUrl:
        '不能指向服务器本机（含其各网卡地址）、链路本地、组播等特殊地址或云元数据服务（确需使用请由管理员加入 CFOP_CAMERA_ALLOW_HOSTS）',
    });
  });

  it('refuses to grab from each of them stored before the checks, starting no ffmpeg', async () => {
    const spawns = countedSpawns();
    const { t, token } = await adminApp({ cameraLookup: resolving, spawnFrameGrab: spawns.spawn });
    await t.call('createCamera', { token, body: camera(1) });
    for (const [target, url] of [...forbiddenTargets, ...otherSchemes]) {
      storeStreamUrl(t.dataDir, 1, url);
      const { status, body } = await t.call('getCameraSnapshot', { token, params: { id: 1 } });
      expect(status, target).toBe(502);
      expect(body.msg, target).toBe('无法从视频流取帧：视频流地址指向服务器不允许访问的地址');
    }
    expect(spawns.started()).toBe(0);
  });

  it('checks the name again at each grab: a name that resolved to a LAN camera, then to loopback, is refused', async () => {
    const spawns = countedSpawns();
    const answers: Record<string, string[]> = { 'cam.example.test': ['10.0.0.9'] };
    const { t, token } = await adminApp({ cameraLookup: lookupTable(answers), spawnFrameGrab: spawns.spawn });
    const url = 'http://cam.example.test:8080/video';
    expect((await t.call('createCamera', { token, body: camera(1, { mainStreamUrl: url }) })).status).toBe(
      200,
    );
    answers['cam.example.test'] = ['127.0.0.1'];
    const { status, body } = await t.call('getCameraSnapshot', { token, params: { id: 1 } });
    expect(status).toBe(502);
    expect(body.msg).toBe('无法从视频流取帧：视频流地址指向服务器不允许访问的地址');
    expect(spawns.started()).toBe(0);
  });

  it('answers a name that does not resolve with the fixed "unreachable" reason', async () => {
    const { t, token } = await adminApp({ cameraLookup: lookupTable({}) });
    // A name unknown when saved is kept: cameras are often added before their DNS records.
    const url = 'rtsp://nowhere.example.test/main';
    expect((await t.call('createCamera', { token, body: camera(1, { mainStreamUrl: url }) })).status).toBe(
      200,
    );
    const { status, body } = await t.call('getCameraSnapshot', { token, params: { id: 1 } });
    expect(status).toBe(502);
    expect(body.msg).toBe('无法从视频流取帧：无法连接摄像头（网络不可达或主机名无法解析）');
    expect(body.msg).not.toContain('nowhere');
  });

  describe('with the allow-list', () => {
    let stream: TestStream;
    beforeAll(async () => {
      stream = await startTestStream();
    });
    afterAll(async () => {
      await stream.stop();
    });

    it('lets a host it names through, by name: ffmpeg reads the checked address', async () => {
      const port = new URL(stream.url).port;
      const url = `http://cam-gw.lan.test:${port}/testsrc.mp4`;
      const blocked = await adminApp({ cameraLookup: lookupTable({ 'cam-gw.lan.test': ['127.0.0.1'] }) });
      const refused = await blocked.t.call('createCamera', {
        token: blocked.token,
        body: camera(1, { mainStreamUrl: url }),
      });
      expect(Object.keys(fieldMessages(refused.body))).toEqual(['mainStreamUrl']);

      const { t, token } = await adminApp({
        cameraLookup: lookupTable({ 'cam-gw.lan.test': ['127.0.0.1'] }),
        cameraAllowedHosts: parseAllowedHosts('cam-gw.lan.test').allowed,
      });
      expect((await t.call('createCamera', { token, body: camera(1, { mainStreamUrl: url }) })).status).toBe(
        200,
      );
      const frame = await t.call('getCameraSnapshot', { token, params: { id: 1 } });
      expect(frame.status).toBe(200);
      expect(frame.headers['content-type']).toBe('image/jpeg');
    });

    it('lets an address range it names through', async () => {
      const { t, token } = await adminApp({ cameraAllowedHosts: parseAllowedHosts('127.0.0.0/8').allowed });
      const created = await t.call('createCamera', { token, body: camera(1, { mainStreamUrl: stream.url }) });
      expect(created.status).toBe(200);
      expect((await t.call('getCameraSnapshot', { token, params: { id: 1 } })).status).toBe(200);
    });
  });
});

describe('frame grabs share the ffmpeg budget', () => {
  it.each([4, defaultLiveMaxStreams])(
    'runs at most CFOP_LIVE_MAX_STREAMS=%i ffmpeg for 30 parallel grabs; 8 wait, the rest are told to retry',
    async (maxStreams) => {
      const spawns = countedSpawns();
      const { t, token } = await adminApp({ live: { maxStreams }, spawnFrameGrab: spawns.spawn });
      for (let n = 1; n <= 30; n += 1) await t.call('createCamera', { token, body: camera(n) });
      const served = maxStreams + 8;
      let refused = 0;
      const grabs = Array.from({ length: 30 }, (_, index) =>
        t.call('getCameraSnapshot', { token, params: { id: index + 1 } }).then((answer) => {
          if (answer.status === 429) refused += 1;
          return answer;
        }),
      );
      // Every grab has reached the budget (on PostgreSQL each first reads its session asynchronously).
      await vi.waitFor(() => {
        expect(spawns.started()).toBe(maxStreams);
        expect(refused).toBe(30 - served);
      });
      spawns.releaseAll();
      const answers = await Promise.all(grabs);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(served);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - served);
      expect(spawns.most()).toBe(maxStreams);
      expect(spawns.started()).toBe(served);
      expect(answers.find((answer) => answer.status === 429)?.body).toEqual({
        success: false,
        code: '429',
        msg: `服务器正忙：读取视频流的进程已达上限（${maxStreams} 路），请稍后重试`,
        data: null,
      });
    },
  );

  it('counts grabs against the live views’ budget: a grab holding the last slot refuses a live view', async () => {
    const spawns = countedSpawns();
    const { t, token } = await adminApp({ live: { maxStreams: 1 }, spawnFrameGrab: spawns.spawn });
    await t.call('createCamera', { token, body: camera(1) });
    await t.call('createCamera', { token, body: camera(2) });
    const grab = t.call('getCameraSnapshot', { token, params: { id: 1 } });
    await vi.waitFor(() => expect(spawns.started()).toBe(1));
    const view = await watchLive(t.app, 2, 'main', token);
    expect(await view.closed).toBe(4503);
    spawns.releaseAll();
    expect((await grab).status).toBe(200);
  });

  it('runs one ffmpeg for parallel grabs of one camera, all answered its frame', async () => {
    const spawns = countedSpawns();
    const { t, token } = await adminApp({ spawnFrameGrab: spawns.spawn });
    await t.call('createCamera', { token, body: camera(1) });
    const grabs = Array.from({ length: 5 }, () => t.call('getCameraSnapshot', { token, params: { id: 1 } }));
    await vi.waitFor(() => expect(spawns.started()).toBe(1));
    spawns.releaseAll();
    const answers = await Promise.all(grabs);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(spawns.started()).toBe(1);
  });
});

describe('stream credentials', () => {
  const secretMain = 'rtsp://admin:S3cret-main@10.1.0.1:554/main';
  const secretSub = 'rtsp://viewer:Sub-s3cret@10.1.0.1:554/sub';
  const shownMain = 'rtsp://admin:******@10.1.0.1:554/main';
  const shownSub = 'rtsp://viewer:******@10.1.0.1:554/sub';
  const storedUrls = (dataDir: string) =>
    withSqlite(dataDir, (db) => db.prepare('select main_stream_url, sub_stream_url from cameras').get());

  it('are stored whole but shown masked in create, get, list, CSV and the operation log; the mask sent back keeps them', async () => {
    const { t, token } = await adminApp();
    const created = await t.call('createCamera', {
      token,
      body: camera(1, { mainStreamUrl: secretMain, subStreamUrl: secretSub }),
    });
    expect(created.body.data).toMatchObject({ mainStreamUrl: shownMain, subStreamUrl: shownSub });
    expect(storedUrls(t.dataDir)).toEqual({ main_stream_url: secretMain, sub_stream_url: secretSub });

    const got = await t.call('getCamera', { token, params: { id: 1 } });
    expect(got.body.data).toMatchObject({ mainStreamUrl: shownMain, subStreamUrl: shownSub });
    const listed = await t.call('listCameras', { token });
    expect(listed.body.data.items[0]).toMatchObject({ mainStreamUrl: shownMain, subStreamUrl: shownSub });
    const csv = await t.call('exportCameras', { token });
    expect(csv.text).toContain(`,${shownMain},${shownSub},`);

    // The edit form sends back what it was shown: the stored passwords stay.
    const renamed = await t.call('updateCamera', {
      token,
      params: { id: 1 },
      body: { ...camera(1), ...pick(got.body.data), name: '东门-改' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: '东门-改', mainStreamUrl: shownMain });
    expect(storedUrls(t.dataDir)).toEqual({ main_stream_url: secretMain, sub_stream_url: secretSub });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({ action: 'updateCamera', detail_zh: '修改：名称' });

    // A new password replaces the stored one, and the log says the field changed.
    const newPassword = 'rtsp://admin:N3w-pass@10.1.0.1:554/main';
    const changed = await t.call('updateCamera', {
      token,
      params: { id: 1 },
      body: camera(1, { name: '东门-改', mainStreamUrl: newPassword, subStreamUrl: shownSub }),
    });
    expect(changed.body.data.mainStreamUrl).toBe(shownMain);
    expect(storedUrls(t.dataDir)).toEqual({ main_stream_url: newPassword, sub_stream_url: secretSub });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({ detail_en: 'changed: Main stream URL' });

    const everything = JSON.stringify([
      created,
      got,
      listed,
      csv.text,
      renamed,
      changed,
      operationLog(t.dataDir),
    ]);
    for (const secret of ['S3cret-main', 'Sub-s3cret', 'N3w-pass']) expect(everything).not.toContain(secret);
  });

  it('refuses the mask sent with another host or user, so the stored password never goes elsewhere', async () => {
    const { t, token } = await adminApp();
    await t.call('createCamera', { token, body: camera(1, { mainStreamUrl: secretMain }) });
    const before = snapshotRows(t.dataDir);
    for (const url of ['rtsp://admin:******@10.9.9.9:554/main', 'rtsp://root:******@10.1.0.1:554/main']) {
      const moved = await t.call('updateCamera', {
        token,
        params: { id: 1 },
        body: camera(1, { mainStreamUrl: url }),
      });
      expect(moved.status).toBe(400);
      expect(Object.keys(fieldMessages(moved.body))).toEqual(['mainStreamUrl']);
    }
    // Nothing stored to keep: the mask is no password.
    const noSub = await t.call('updateCamera', {
      token,
      params: { id: 1 },
      body: camera(1, { mainStreamUrl: shownMain, subStreamUrl: 'rtsp://admin:******@10.1.0.1/sub' }),
    });
    expect(Object.keys(fieldMessages(noSub.body))).toEqual(['subStreamUrl']);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });
});

/** The camera's stream URLs as an answer showed them. */
function pick(item: { mainStreamUrl: string; subStreamUrl: string }) {
  return { mainStreamUrl: item.mainStreamUrl, subStreamUrl: item.subStreamUrl };
}
