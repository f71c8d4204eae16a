import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientHeaders, tempDir, testAdminPassword } from './test-support/test-app';

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited, output: () => output };
}

describe('server/main.ts', () => {
  it('listens on PORT and closes cleanly on SIGTERM', async () => {
    const port = await freePort();
    const main = startMain({
      PORT: String(port),
      DATA_DIR: tempDir(),
      CFOP_ADMIN_PASSWORD: testAdminPassword,
    });
    await expect.poll(main.output, { timeout: 15_000 }).toContain('Server listening');
    const response = await fetch(`http://127.0.0.1:${port}/cfop/user/info`, { headers: clientHeaders });
    expect(response.status).toBe(401);
    main.child.kill('SIGTERM');
    const [code] = await main.exited;
    expect(code).toBe(0);
  });

  it('refuses bad settings with a message naming them', async () => {
    const main = startMain({ PORT: 'eighty', DATA_DIR: tempDir() });
    const [code] = await main.exited;
    expect(code).toBe(1);
    expect(main.output()).toContain('PORT：应为 0 到 65535 的整数');
  });
});
