import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/** One line per fact about the machine the figures come from; the browser's when one took part. */
export function describeMachine(browserVersion?: string): string[] {
  return [
    `CPU       ${cpuModel()}, ${availableParallelism()} cores available to Node`,
    `memory    ${(totalmem() / 1024 ** 3).toFixed(1)} GiB, Linux ${release()}`,
    `Node      ${process.version}`,
    ...(browserVersion === undefined
      ? []
      : [`browser   Chromium ${browserVersion} (/usr/bin/chromium, headless)`]),
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

/** The closing lines of a bench's report: the load at the end, and the busy warning if it applies. */
export function closingLoadLines(): string {
  return [loadLine('at the end'), busyWarning()].filter((line) => line !== null).join('\n');
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

/** A process's parent and CPU time so far (user + system, in clock ticks), from /proc; null if gone. */
function processStat(pid: number | string): { ppid: number; ticks: number } | null {
  try {
    // Fields after the command's closing parenthesis: ppid is the 2nd, utime and stime the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? { ppid: Number(fields[1]), ticks } : null;
  } catch {
    return null;
  }
}

let ticksPerSecond: number | null = null;
const msOfTicks = (ticks: number) => {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  return (ticks * 1000) / ticksPerSecond;
};

/** The CPU time (user + system, ms) a process of this machine has used so far, from /proc; 0 elsewhere. */
export function cpuMsOf(pid: number | undefined): number {
  const stat = pid === undefined ? null : processStat(pid);
  return stat ? msOfTicks(stat.ticks) : 0;
}

/**
 * How long this process's main thread has run on a core so far, and how long it was ready to run but
 * waited for one (ms), from /proc's schedstat; zeros elsewhere. A server in the bench's process runs
 * its JavaScript there: of a call's time, the rest it spent waiting on something else (a database).
 */
export function mainThreadSchedule(): { runningMs: number; queuedMs: number } {
  try {
    const [running, queued] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map((nanoseconds) => Number(nanoseconds) / 1e6);
    return { runningMs: running ?? 0, queuedMs: queued ?? 0 };
  } catch {
    return { runningMs: 0, queuedMs: 0 };
  }
}

/**
 * The CPU time (ms) all cores of the machine have spent busy so far (user, nice, system, interrupts),
 * from /proc/stat; 0 where there is none. Less what a benchmark's own processes used, it is what other
 * work took from the cores while it ran: the load average counts the benchmark itself, this does not.
 */
export function machineBusyMs(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    // cpu user nice system idle iowait irq softirq …
    const busy = [1, 2, 3, 6, 7].reduce((sum, index) => sum + Number(fields[index]), 0);
    return Number.isFinite(busy) ? msOfTicks(busy) : 0;
  } catch {
    return 0;
  }
}

/** Every process of the machine: its parent and CPU time so far, by pid; empty where there is no /proc. */
function processTable(): Map<number, { ppid: number; ticks: number } | null> {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return new Map();
  }
  return new Map(names.map((name) => [Number(name), processStat(name)]));
}

/** The CPU time (ms) of the processes `counted` picks, walking up from each by its parents. */
function cpuMsWhere(counted: (parentOf: (at: number) => number | undefined, pid: number) => boolean) {
  const stats = processTable();
  let ticks = 0;
  for (const [pid, stat] of stats) if (stat && counted((at) => stats.get(at)?.ppid, pid)) ticks += stat.ticks;
  return msOfTicks(ticks);
}

/**
 * The CPU time (ms) used so far by this process's descendants, but for the subtrees of `excluded`:
 * the browser's processes, when the server and the client are excluded. 0 where there is no /proc.
 */
export function descendantsCpuMs(excluded: readonly (number | undefined)[]): number {
  return cpuMsWhere((parentOf, pid) => {
    for (let at = pid; at > 1; at = parentOf(at) ?? 0) {
      if (excluded.includes(at)) return false;
      if (parentOf(at) === process.pid) return true;
    }
    return false;
  });
}

/**
 * The CPU time (ms) used so far by `root` and the processes below it: PostgreSQL's postmaster and
 * its backends, nginx's master and its worker. 0 where there is no /proc.
 */
export function treeCpuMs(root: number | undefined): number {
  if (root === undefined) return 0;
  return cpuMsWhere((parentOf, pid) => {
    for (let at = pid; at > 1; at = parentOf(at) ?? 0) if (at === root) return true;
    return false;
  });
}
