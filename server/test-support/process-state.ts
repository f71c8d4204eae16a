import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { onTestFinished } from 'vitest';
import { waitUntil } from './wait-until';

/** Whether the process runs (Linux): a zombie (dead, not yet reaped by its new parent) does not. */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The command a process runs now (Linux): what setpriv became once it set the parent-death signal. */
function runningCommand(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Runs `script` (a TypeScript module that starts `command` and prints its pid) in a stand-in parent
 * (a server, a test worker), waits until the child runs `command` (setpriv has set the parent-death
 * signal and replaced itself), then kills that parent outright (SIGKILL, no handler runs): answers
 * the child's pid. The child is killed when the test ends if it still runs.
 */
export async function childOfKilledParent(script: string, command: string): Promise<number> {
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(parent.stdout, 'data')) as [Buffer];
  const child = Number(line.toString().trim());
  onTestFinished(() => {
    if (isRunning(child)) process.kill(child, 'SIGKILL');
  });
  // A parent killed before setpriv has set the signal leaves its child behind: the kernel has nobody
  // to tell. That window is setpriv's start, before the command runs.
  await waitUntil(() => runningCommand(child) === command, `the child ${child} running ${command}`);
  parent.kill('SIGKILL');
  await once(parent, 'exit');
  return child;
}
