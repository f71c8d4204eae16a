import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDemo } from './run-demo';
import { must, signIn } from './console-api';
import { demoPassword } from './demo-exposure';
import { scaled } from '../test-support/test-timeouts';

/** This process's ffmpeg children: the scenes' looping streams, the server's live views and grabs. */
function ffmpegChildren(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes('ffmpeg'));
}

const quietServer = {
  PORT: '0',
  NODE_ENV: 'test',
  CFOP_PASSWORD_COST: '4',
  CFOP_LOG_FORMAT: 'json',
  CFOP_LOG_LEVEL: 'warn',
};

describe('npm run demo', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cfop-demo-'));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses, starting nothing, to serve its public password beyond loopback', () => {
    const create = (env: Record<string, string | undefined>) =>
      createDemo({ env: { DATA_DIR: dataDir, ...quietServer, ...env }, say: () => {} });
    for (const env of [
      { HOST: '0.0.0.0' },
      { HOST: '::' },
      { HOST: '192.168.1.20' },
      { HOST: 'console.example.test' },
      { HOST: '0.0.0.0', CFOP_ADMIN_PASSWORD: demoPassword },
    ]) {
      expect(() => create(env), env.HOST).toThrow(
        `演示密码是公开的，HOST=${env.HOST} 时须设置 CFOP_ADMIN_PASSWORD（或不设 HOST，只在本机 127.0.0.1 上演示） / ` +
          `the demo's password is public: with HOST=${env.HOST} set CFOP_ADMIN_PASSWORD, or leave HOST unset to serve on 127.0.0.1 only`,
      );
    }
    for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', 'localhost', ''])
      expect(() => create({ HOST }), HOST).not.toThrow();
  });

  it(
    'serves the console with its password, raises live alerts, and stops everything it started',
    async () => {
      const lines: string[] = [];
      const demo = createDemo({
        env: { DATA_DIR: dataDir, ...quietServer },
        say: (line) => lines.push(line),
        historyDays: 2,
      });
      try {
        const { url, firstAlert } = await demo.start();
        expect(lines).toContain(`演示密码 / demo password: ${demoPassword}`);
        // The console's page is answered (the built console, or the notice that it is not built).
        const page = await fetch(url, { headers: { accept: 'text/html' } });
        expect([200, 503]).toContain(page.status);
        const api = await signIn(url, 'admin', demoPassword);
        const history = await must(
          api.client.GET('/alerts', { params: { query: { page: 1, pageSize: 1 } } }),
        );
        const liveId = await firstAlert;
        const live = await must(api.client.GET('/alerts/{id}', { params: { path: { id: liveId } } }));
        expect(live.id).toBeGreaterThan(history.total);
        expect(live.snapshotId).toBeGreaterThan(0);
      } finally {
        await demo.stop();
      }
      expect(ffmpegChildren()).toEqual([]);
      await expect(
        fetch(lines.find((line) => line.includes('http'))?.match(/http\S+/)?.[0] ?? ''),
      ).rejects.toThrow();
    },
    scaled(120_000),
  );

  it(
    'served to the network, takes the installer’s password and lets no camera or webhook reach loopback',
    async () => {
      const lines: string[] = [];
      const chosen = 'Installer-Chosen-9';
      const demo = createDemo({
        env: { DATA_DIR: dataDir, ...quietServer, HOST: '0.0.0.0', CFOP_ADMIN_PASSWORD: chosen },
        say: (line) => lines.push(line),
        historyDays: 0,
      });
      try {
        const { url, firstAlert } = await demo.start();
        expect(lines).toContain('密码 / password:   as CFOP_ADMIN_PASSWORD');
        expect(lines.join('\n')).not.toContain(demoPassword);
        await expect(signIn(url, 'admin', demoPassword)).rejects.toThrow();
        const api = await signIn(url, 'admin', chosen);

        // Nothing the demo runs on loopback was allow-listed: the server refuses to reach it.
        const rule = await api.client.POST('/notify-rules', {
          body: {
            name: 'to a local service',
            enabled: true,
            labels: [],
            minLevel: 'low',
            sources: [],
            cameraIds: [],
            aiServerIds: [],
            area: '',
            days: [],
            fromTime: '00:00',
            toTime: '00:00',
            cooldownSeconds: 0,
            webhookKind: 'json',
            webhookUrl: 'http://127.0.0.1:8000/cfop/users',
            webhookSecret: '',
            smsUserIds: [],
            smsPhones: [],
          },
        });
        expect(rule.response.status).toBe(400);
        expect(JSON.stringify(rule.error)).toContain('webhookUrl');
        const cameras = await must(
          api.client.GET('/cameras', { params: { query: { page: 1, pageSize: 50 } } }),
        );
        expect(cameras.items.map((camera) => new URL(camera.mainStreamUrl).hostname).sort()).toEqual(
          Array.from({ length: 6 }, (_, index) => `demo-camera-${index + 1}.invalid`),
        );
        const rules = await must(
          api.client.GET('/notify-rules', { params: { query: { page: 1, pageSize: 1 } } }),
        );
        expect(rules.total).toBe(0);
        expect(
          lines.filter((line) => /which the server may not reach with this HOST/.test(line)),
        ).toHaveLength(2);
        // The site still lives: alerts come up with their drawn snapshots.
        expect(await firstAlert).toBeGreaterThan(0);
      } finally {
        await demo.stop();
      }
      expect(ffmpegChildren()).toEqual([]);
    },
    scaled(120_000),
  );
});
