import { execFile, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { spawnDyingWithParent } from '../server/process/parent-death';
import { scaled } from './test-timeouts';

const loopback = '127.0.0.1';
const startupTimeoutMs = scaled(30_000);

export interface RunningServer {
  readonly url: string;
  /** The server's process id (a benchmark reads its CPU time). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

// Runs a TypeScript entry the way `npx tsx file.ts` does, without npx's extra process, so
// stopping the child stops the server itself.
function tsxArgs(entry: string, args: readonly string[] = [], nodeArgs: readonly string[] = []): string[] {
  return [...nodeArgs, '--import', 'tsx', entry, ...args];
}

export async function freeLoopbackPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, loopback, resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no TCP port for the e2e server');
  return address.port;
}

async function waitUntilAnswering(url: string, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode} while starting; see ${logPath}`);
    }
    try {
      await fetch(`${url}/cfop/user/info`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the server did not answer at ${url} within ${startupTimeoutMs} ms; see ${logPath}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const forceKill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(forceKill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts `server/main.ts` of the checkout at `cwd` as a user would, on `env.PORT` when given (a
 * server started again where nginx expects it), else a free loopback port; its output goes to
 * logPath. `nodeArgs` go to Node itself (a benchmark's `--cpu-prof`).
 */
export async function startServer(
  env: Record<string, string>,
  logPath: string,
  cwd = process.cwd(),
  nodeArgs: readonly string[] = [],
): Promise<RunningServer> {
  const port = env.PORT === undefined ? await freeLoopbackPort() : Number(env.PORT);
  const log = createWriteStream(logPath);
  // It dies with the process that started it (a test worker killed at its time-out, a benchmark).
  const child = spawnDyingWithParent(process.execPath, tsxArgs('server/main.ts', [], nodeArgs), {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: loopback },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://${loopback}:${port}`;
  try {
    await waitUntilAnswering(url, child, logPath);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopChild(child) };
}

/** Runs the operator CLI (`server/cli.ts`) on the same data folder as the server. */
export async function runOperatorCli(env: Record<string, string>, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, tsxArgs('server/cli.ts', args), {
      env: { ...process.env, ...env },
    });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`server/cli.ts ${args.join(' ')} failed: ${stderr || String(error)}`);
  }
}
