import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { basename, delimiter, join } from 'node:path';

/**
 * Starts a child that never outlives the process that started it, also one killed outright
 * (kill -9, the OOM killer, a test worker stopped at its time-out), which runs no handler of its
 * own: on Linux it starts through util-linux's `setpriv --pdeathsig KILL`, so the kernel kills it as
 * its parent ends. setpriv replaces itself with the command (the child is the command itself: its
 * pid, signals, exit code and output its own). A bare command goes by the path found on PATH, so a
 * missing program still fails to spawn (ENOENT) as before. Where setpriv is missing or too old
 * (util-linux before 2.33), the command starts directly.
 */
export function spawnDyingWithParent(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  const line = dyingWithParent(command, args);
  return spawn(line.file, line.args, options);
}

/** The program and arguments that run `command` so that it dies with its parent (see above). */
export function dyingWithParent(
  command: string,
  args: readonly string[],
): { readonly file: string; readonly args: readonly string[] } {
  const setpriv = parentDeathSetpriv();
  const path = setpriv === null ? null : command.includes('/') ? command : findOnPath(command);
  return setpriv === null || path === null
    ? { file: command, args }
    : { file: setpriv, args: ['--pdeathsig', 'KILL', '--', path, ...args] };
}

/** The name of what a child runs, also when started through setpriv (`setpriv --pdeathsig KILL -- command …`). */
export function spawnedCommandName(child: ChildProcess): string {
  const command = child.spawnfile === setprivPath ? child.spawnargs[4] : child.spawnfile;
  return basename(String(command));
}

let setprivPath: string | null | undefined;

/** setpriv's path when it can set the parent-death signal; asked once. */
function parentDeathSetpriv(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  const found = process.platform === 'linux' ? findOnPath('setpriv') : null;
  setprivPath =
    found !== null &&
    spawnSync(found, ['--pdeathsig', 'KILL', '--', found, '--version'], { stdio: 'ignore' }).status === 0
      ? found
      : null;
  return setprivPath;
}

function findOnPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const path = join(dir, command);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}
