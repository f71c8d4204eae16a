import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { onTestFinished } from 'vitest';

/** Whether the process runs (Linux): a zombie (dead, not yet reaped by its new parent) does not. */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Runs `script` (a TypeScript module that starts a child and prints its pid) in a stand-in parent
 * (a server, a test worker), then kills that parent outright (SIGKILL, no handler runs): answers
 * the child's pid. The child is killed when the test ends if it still runs.
 */
export async function childOfKilledParent(script: string): Promise<number> {
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(parent.stdout, 'data')) as [Buffer];
  const child = Number(line.toString().trim());
  onTestFinished(() => {
    if (isRunning(child)) process.kill(child, 'SIGKILL');
  });
  if (!isRunning(child)) throw new Error(`the child ${child} did not start`);
  parent.kill('SIGKILL');
  await once(parent, 'exit');
  return child;
}
