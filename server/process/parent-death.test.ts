import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childOfKilledParent, isRunning } from '../test-support/process-state';
import { scaled } from '../../test-support/test-timeouts';
import { spawnDyingWithParent, spawnedCommandName } from './parent-death';

describe('spawnDyingWithParent', () => {
  it.runIf(process.platform === 'linux')(
    'starts a child that dies with its parent, also one killed outright',
    async () => {
      const child = await childOfKilledParent(
        `import { spawnDyingWithParent } from './server/process/parent-death.ts';
         console.log(spawnDyingWithParent('sleep', ['600'], { stdio: 'ignore' }).pid);`,
        'sleep',
      );
      await expect.poll(() => isRunning(child), { timeout: scaled(10_000), interval: 100 }).toBe(false);
    },
  );

  it('runs the command itself, named as given, also by an absolute path', async () => {
    const child = spawnDyingWithParent(process.execPath, ['-e', 'console.log(process.pid)'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(child.stdout ?? child, 'data')) as [Buffer];
    // setpriv replaced itself with the command: the pid is the command's own.
    expect(Number(line.toString().trim())).toBe(child.pid);
    expect(spawnedCommandName(child)).toBe(basename(process.execPath));
  });

  it('still fails to spawn, as ENOENT, a program not on PATH', async () => {
    const path = process.env.PATH;
    process.env.PATH = tmpdir();
    try {
      const [error] = (await once(spawnDyingWithParent('sleep', ['1'], {}), 'error')) as [
        NodeJS.ErrnoException,
      ];
      expect(error.code).toBe('ENOENT');
    } finally {
      process.env.PATH = path;
    }
  });
});
