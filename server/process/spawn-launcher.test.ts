import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { isRunning } from '../test-support/process-state';
import { scaled } from '../../test-support/test-timeouts';
import { spawnedCommandName } from './parent-death';
import { createSpawnLauncher } from './spawn-launcher';

function launcher() {
  const launched = createSpawnLauncher();
  onTestFinished(() => launched.close());
  return launched;
}

/** Everything the child wrote on each pipe, its exit, and that 'close' came after all of it. */
async function outcome(child: ChildProcess) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return { stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), code, signal };
}

describe('the spawn launcher', () => {
  it("starts children whose output, error output and exit the server gets as from Node's own spawn", async () => {
    const spawn = launcher().spawn;
    const script = 'process.stdout.write("x".repeat(300000)); console.error("oops"); process.exitCode = 3';
    const children = [1, 2, 3].map(() => spawn(process.execPath, ['-e', script]));
    for (const child of children) {
      const { stdout, ...rest } = await outcome(child);
      expect(stdout.length).toBe(300000);
      expect(rest).toEqual({ stderr: 'oops\n', code: 3, signal: null });
      expect(child.exitCode).toBe(3);
      expect(spawnedCommandName(child)).toBe('node');
    }
  });

  it('loses no byte of children started at once, which write before their pipes reach the server', async () => {
    const spawn = launcher().spawn;
    // Each writes at once and exits: its pipes wait in the launcher's queue (one pipe is passed to
    // the server at a time) while its bytes are already there.
    const children = Array.from({ length: 48 }, (_, n) =>
      spawn('/bin/sh', ['-c', `printf e${n} >&2; printf o${n}`]),
    );
    const outcomes = await Promise.all(children.map(outcome));
    expect(outcomes).toEqual(
      children.map((_, n) => ({ stdout: `o${n}`, stderr: `e${n}`, code: 0, signal: null })),
    );
  });

  it('kills a child when asked, and reports a program that is missing as spawn does (ENOENT)', async () => {
    const spawn = launcher().spawn;
    const sleeping = spawn('sleep', ['600']);
    const slept = outcome(sleeping);
    expect(sleeping.kill('SIGKILL')).toBe(true);
    expect(await slept).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(sleeping.kill('SIGKILL')).toBe(false);

    const missing = spawn('cfop-no-such-program', []);
    const [error] = (await once(missing, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ENOENT');
    await once(missing, 'close');
  });

  it.runIf(process.platform === 'linux')(
    'ends its children when closed, which their server hears as killed',
    async () => {
      const launched = launcher();
      const child = launched.spawn(process.execPath, [
        '-e',
        'console.log(process.pid); setInterval(() => {}, 1000)',
      ]);
      const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
      const pid = Number(line.toString().trim());
      onTestFinished(() => {
        if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      });
      // Not a fork of this process (the server): the launcher's.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      expect(Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1])).not.toBe(process.pid);
      const closed = once(child, 'close');
      launched.close();
      expect(await closed).toEqual([null, 'SIGKILL']);
      // The child dies with the launcher (its parent-death signal), not left running.
      await expect.poll(() => isRunning(pid), { timeout: scaled(10_000), interval: 100 }).toBe(false);
      // A later spawn starts a launcher afresh.
      expect(await outcome(launched.spawn(process.execPath, ['-e', 'console.log(1)']))).toMatchObject({
        stdout: '1\n',
        code: 0,
      });
    },
  );
});
