import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { AppOptions } from '../app';
import { fieldMessages, startTestApp, testAdminPassword } from '../test-support/test-app';
import {
  checkedAddress,
  hostVerdict,
  noAllowedHosts,
  parseAllowedHosts,
  type HostLookup,
  type StreamAddressPolicy,
} from './stream-address';

/**
 * One address of this machine that is not loopback or link-local (its LAN address), as the server
 * sees it now; IPv4 first. Undefined on a machine with no such interface.
 */
const ownCandidates = Object.values(networkInterfaces())
  .flat()
  .filter((found) => found !== undefined && !found.internal && !found.address.startsWith('fe80:'));
const ownAddress = (ownCandidates.find((found) => found?.family === 'IPv4') ?? ownCandidates[0])?.address;

/** The own address as a URL's host writes it. */
const ownHost = ownAddress?.includes(':') ? `[${ownAddress}]` : ownAddress;

/** A lookup answering from a table the test may change between calls; other names do not resolve. */
function switchableLookup(table: Map<string, string[]>): HostLookup {
  return async (name) => {
    const found = table.get(name);
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  };
}

const policy = (lookup: HostLookup = switchableLookup(new Map())): StreamAddressPolicy => ({
  allowed: noAllowedHosts,
  lookup,
  writeLookupMs: 2000,
});

describe('special addresses', () => {
  it.each([
    ['limited broadcast', '255.255.255.255'],
    ['the reserved range', '240.0.0.1'],
    ['IPv4 multicast', '224.0.0.1'],
    ['IPv4 multicast, SSDP', '239.255.255.250'],
    ['IPv6 multicast', '[ff02::1]'],
    ['the benchmark range', '198.18.0.1'],
    ['the benchmark range, its end', '198.19.255.255'],
    ['the unspecified network', '0.1.2.3'],
    ['IPv6 unspecified', '[::]'],
    ['IPv4-compatible loopback', '[::127.0.0.1]'],
    ['IPv4-mapped metadata', '[::ffff:169.254.169.254]'],
    ['NAT64 loopback', '[64:ff9b::7f00:1]'],
    ['NAT64 metadata', '[64:ff9b::a9fe:a9fe]'],
    ['NAT64 multicast', '[64:ff9b::e000:1]'],
  ])('refuses %s (%s)', async (_, host) => {
    expect(await hostVerdict(host, policy())).toBe('forbidden');
  });

  it.each([
    ['a private LAN camera', '192.168.1.64'],
    ['a 10/8 camera', '10.0.0.5'],
    ['a 172.16/12 camera', '172.31.255.1'],
    ['a camera behind a VPN overlay (100.64/10)', '100.64.0.1'],
    ['a unique-local IPv6 camera', '[fd12:3456::5]'],
    ['a camera reached through NAT64', '[64:ff9b::a00:5]'],
    ['an address just below the benchmark range', '198.17.255.255'],
    ['an address just above it', '198.20.0.1'],
  ])('allows %s (%s)', async (_, host) => {
    expect(await hostVerdict(host, policy())).toBeNull();
  });
});

/** A web service listening on every interface, counting what reaches it, answering a local secret. */
async function localService() {
  let requests = 0;
  const server = createServer((_, response) => {
    requests += 1;
    response.end('local secret');
  });
  server.listen(0);
  await once(server, 'listening');
  onTestFinished(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, requests: () => requests };
}

async function adminApp(options: Partial<AppOptions>) {
  const t = await startTestApp(options);
  return { t, token: await t.signIn('admin', testAdminPassword) };
}

const camera = (mainStreamUrl: string) => ({
  name: '东门',
  code: 'CAM-1',
  mainStreamUrl,
  vendor: 'dahua',
  ip: '10.1.0.1',
  aiServerId: null,
});

const rule = (webhookUrl: string) => ({
  name: 'on duty',
  enabled: false,
  minLevel: 'low',
  fromTime: '00:00',
  toTime: '00:00',
  cooldownSeconds: 0,
  webhookKind: 'json',
  webhookUrl,
  webhookSecret: '',
});

describe.skipIf(ownAddress === undefined)(
  `the machine's own interface address (${ownAddress ?? 'none besides loopback and link-local here: skipped'})`,
  () => {
    it('is refused like loopback, also in its IPv4-mapped and NAT64 forms and behind a name', async () => {
      const lookup = switchableLookup(new Map([['me.example.test', [ownAddress as string]]]));
      const forms = [ownHost as string, 'me.example.test'];
      if (!ownAddress?.includes(':')) {
        const [a = 0, b = 0, c = 0, d = 0] = (ownAddress as string).split('.').map(Number);
        const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
        forms.push(`[::ffff:${ownAddress}]`, `[64:ff9b::${hex(a, b)}:${hex(c, d)}]`);
      }
      for (const host of forms) expect(await hostVerdict(host, policy(lookup)), host).toBe('forbidden');
      const allowed = { ...policy(lookup), allowed: parseAllowedHosts(ownAddress as string).allowed };
      expect(await checkedAddress('me.example.test', allowed)).toEqual({
        address: ownAddress,
        byName: 'me.example.test',
      });
    });

    it('refuses a webhook to it when saved, and its test send when its name comes to resolve there; the service hears nothing', async () => {
      const service = await localService();
      const names = new Map([['robot.example.test', ['203.0.113.10']]]);
      const { t, token } = await adminApp({ notify: { lookup: switchableLookup(names) } });

      const direct = await t.call('createNotifyRule', {
        token,
        body: rule(`http://${ownHost}:${service.port}/hook`),
      });
      expect(direct.status).toBe(400);
      expect(fieldMessages(direct.body)).toEqual({
        webhookUrl:
          '不能指向服务器本机（含其各网卡地址）、链路本地、组播等特殊地址或云元数据服务（确需使用请由管理员加入 CFOP_WEBHOOK_ALLOW_HOSTS）',
      });

      const saved = await t.call('createNotifyRule', {
        token,
        body: rule(`http://robot.example.test:${service.port}/hook`),
      });
      expect(saved.status).toBe(200);
      names.set('robot.example.test', [ownAddress as string]);
      const test = await t.call('testNotifyRule', { token, params: { id: saved.body.data.id } });
      expect(test.body.data.items).toMatchObject([
        { channel: 'webhook', ok: false, status: null, answer: 'refused: the address is not allowed' },
      ]);
      expect(service.requests()).toBe(0);
    });

    it('lets a webhook reach it when CFOP_WEBHOOK_ALLOW_HOSTS names it (so the refusal above is no accident)', async () => {
      const service = await localService();
      const { t, token } = await adminApp({
        notify: { allowedHosts: parseAllowedHosts(ownAddress as string).allowed },
      });
      const saved = await t.call('createNotifyRule', {
        token,
        body: rule(`http://${ownHost}:${service.port}/hook`),
      });
      expect(saved.status).toBe(200);
      const test = await t.call('testNotifyRule', { token, params: { id: saved.body.data.id } });
      expect(test.body.data.items).toMatchObject([{ status: 200, answer: 'local secret' }]);
      expect(service.requests()).toBe(1);
    });

    it('refuses a camera stream on it when saved, and a snapshot when its name comes to resolve there; the service hears nothing', async () => {
      const service = await localService();
      const names = new Map([['cam.example.test', ['10.0.0.9']]]);
      const { t, token } = await adminApp({ cameraLookup: switchableLookup(names) });

      const direct = await t.call('createCamera', {
        token,
        body: camera(`http://${ownHost}:${service.port}/video`),
      });
      expect(direct.status).toBe(400);
      expect(fieldMessages(direct.body)).toEqual({
        mainStreamUrl:
          '不能指向服务器本机（含其各网卡地址）、链路本地、组播等特殊地址或云元数据服务（确需使用请由管理员加入 CFOP_CAMERA_ALLOW_HOSTS）',
      });

      const saved = await t.call('createCamera', {
        token,
        body: camera(`http://cam.example.test:${service.port}/video`),
      });
      expect(saved.status).toBe(200);
      names.set('cam.example.test', [ownAddress as string]);
      const grab = await t.call('getCameraSnapshot', { token, params: { id: saved.body.data.id } });
      expect(grab.status).toBe(502);
      expect(grab.body.msg).toBe('无法从视频流取帧：视频流地址指向服务器不允许访问的地址');
      expect(service.requests()).toBe(0);
    });

    it('lets ffmpeg reach it when CFOP_CAMERA_ALLOW_HOSTS names it (so the refusal above is no accident)', async () => {
      const service = await localService();
      const { t, token } = await adminApp({
        cameraAllowedHosts: parseAllowedHosts(ownAddress as string).allowed,
      });
      const saved = await t.call('createCamera', {
        token,
        body: camera(`http://${ownHost}:${service.port}/video`),
      });
      expect(saved.status).toBe(200);
      // The service answers no picture: the grab fails, but only after ffmpeg asked it.
      await t.call('getCameraSnapshot', { token, params: { id: saved.body.data.id } });
      expect(service.requests()).toBe(1);
    });
  },
);
