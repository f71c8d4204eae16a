import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os';

/** The CPU model as /proc/cpuinfo names it (Node's os.cpus() as a fallback). */
function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('model name'));
    const model = line?.split(':')[1]?.trim();
    if (model) return model;
  } catch {
    // not Linux: fall through
  }
  return cpus()[0]?.model ?? 'unknown CPU';
}

/** One line per fact about the machine the figures come from. */
export function describeMachine(browserVersion: string): string[] {
  return [
    `CPU       ${cpuModel()}, ${availableParallelism()} cores available to Node`,
    `memory    ${(totalmem() / 1024 ** 3).toFixed(1)} GiB, Linux ${release()}`,
    `Node      ${process.version}`,
    `browser   Chromium ${browserVersion} (/usr/bin/chromium, headless)`,
  ];
}

/** Other work on the machine slows the runs: the 1-minute load average says how much there was. */
export function loadLine(when: string): string {
  return `load      ${loadavg()[0]?.toFixed(2)} (1-minute average ${when}, ${availableParallelism()} cores)`;
}

/** A warning when other work kept the cores busy: the timings then say more about it than the console. */
export function busyWarning(): string | null {
  const load = loadavg()[0] ?? 0;
  const cores = availableParallelism();
  return load > cores
    ? `WARNING: the machine was busy (load ${load.toFixed(1)} on ${cores} cores): timings are slower than on a ` +
        'quiet machine; rerun when nothing else runs.'
    : null;
}

/** Which sources were built: the commit, and whether src/ or the manifest had changes not committed. */
export function describeSources(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
    const commit = git('log', '-1', '--format=%h %s');
    const changed = git('status', '--porcelain', '--', 'src', 'manifest', 'index.html', 'vite.config.ts')
      .split('\n')
      .filter((line) => line !== '' && !/\.test\.tsx?$/.test(line));
    const subject = commit.length > 70 ? `${commit.slice(0, 69)}…` : commit;
    return `console   built from ${subject}${changed.length > 0 ? ` + ${changed.length} uncommitted changes` : ''}`;
  } catch {
    return 'console   built from a tree without git';
  }
}

/** The CPU time (user + system, ms) a process of this machine has used so far, from /proc; 0 elsewhere. */
export function cpuMsOf(pid: number | undefined): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
    return Number.isFinite(ticks) ? (ticks * 1000) / ticksPerSecond : 0;
  } catch {
    return 0;
  }
}
