import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDemo, demoPassword } from './run-demo';
import { must, signIn } from './console-api';

/** This process's ffmpeg children: the scenes' looping streams, the server's live views and grabs. */
function ffmpegChildren(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes('ffmpeg'));
}

describe('npm run demo', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cfop-demo-'));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the console with its password, raises live alerts, and stops everything it started', async () => {
    const lines: string[] = [];
    const demo = createDemo({
      env: {
        DATA_DIR: dataDir,
        PORT: '0',
        NODE_ENV: 'test',
        CFOP_PASSWORD_COST: '4',
        CFOP_LOG_FORMAT: 'json',
        CFOP_LOG_LEVEL: 'warn',
      },
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
      const history = await must(api.client.GET('/alerts', { params: { query: { page: 1, pageSize: 1 } } }));
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
  }, 120_000);
});
