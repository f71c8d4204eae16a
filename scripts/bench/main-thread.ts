import type { CDPSession } from 'playwright-core';

/** One Chrome trace event, as far as the summaries below read it (times in µs). */
export interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string; readonly data?: Record<string, unknown> };
}

/** A CPU profile as CDP's Profiler.stop answers it. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  /** µs, on the trace's clock. */
  readonly startTime: number;
}

/** The profile's samples taken from `from` to `to` (µs, the trace's clock) only. */
export function profileWithin(profile: CpuProfile, from: number, to: number): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    samples.push(id);
    timeDeltas.push(delta);
  });
  return { ...profile, samples, timeDeltas, startTime: from };
}

/** When the page's main thread last dispatched a click (µs, the trace's clock). */
export function lastClickAt(events: readonly TraceEvent[]): number {
  const main = pageMainThread(events);
  const clicks = events.filter(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.name === 'EventDispatch' &&
      e.args?.data?.type === 'click',
  );
  const last = clicks.at(-1);
  if (!last) throw new Error('the trace has no click on the page');
  return last.ts;
}

const categories = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8.execute',
].join(',');

/** Starts a Chrome trace of the page; `stop` answers its events. */
export async function startTrace(cdp: CDPSession): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      return events;
    },
  };
}

/** The renderer's main thread that worked most: the page's, whatever other renderers ran. */
function pageMainThread(events: readonly TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  let best = { pid: 0, tid: 0, busy: -1 };
  for (const main of mains) {
    const busy = tasksOf(events, main).reduce((sum, task) => sum + task.dur, 0);
    if (busy > best.busy) best = { pid: main.pid, tid: main.tid, busy };
  }
  if (best.busy < 0) throw new Error('the trace has no renderer main thread');
  return best;
}

function tasksOf(events: readonly TraceEvent[], thread: { pid: number; tid: number }) {
  return events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask' && e.ph === 'X')
    .map((e) => ({ ts: e.ts, dur: e.dur ?? 0 }));
}

/** The page's main-thread tasks (µs), in order. */
export function mainThreadTasks(events: readonly TraceEvent[]): { ts: number; dur: number }[] {
  return tasksOf(events, pageMainThread(events)).sort((a, b) => a.ts - b.ts);
}

// Trace events during which JavaScript runs (or is compiled for running); nested ones are counted once.
const scriptEvents = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compileModule',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'v8.callFunction',
  'v8.run',
]);

/** Time the page's main thread spent in JavaScript between two trace times (µs, nested time once). */
export function scriptTimeUs(events: readonly TraceEvent[], from: number, to: number): number {
  const main = pageMainThread(events);
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && scriptEvents.has(e.name))
    .map((e) => [Math.max(e.ts, from), Math.min(e.ts + (e.dur ?? 0), to)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = from;
  for (const [start, end] of spans) {
    const begin = Math.max(start, reached);
    if (end > begin) total += end - begin;
    reached = Math.max(reached, end);
  }
  return total;
}

/** The trace time of the page's navigation to a URL ending in `path` (performance.now()'s zero). */
export function navigationStartOf(events: readonly TraceEvent[], path: string): number {
  const start = events.find(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').endsWith(path),
  );
  if (!start) throw new Error(`the trace has no navigation to ${path}`);
  return start.ts;
}

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

const fileOf = (frame: CallFrame) => frame.url.slice(frame.url.lastIndexOf('/') + 1);

/** A function by its name and place: `name file:line`. */
export const byFunction = (frame: CallFrame): string =>
  `${frame.functionName || '(anonymous)'} ${fileOf(frame)}${fileOf(frame) ? `:${frame.lineNumber + 1}` : ''}`;

/** By its script's file, or the profiler's own name for time outside scripts ((program), (idle), …). */
export const byFile = (frame: CallFrame): string => fileOf(frame) || frame.functionName;

/** Self time (ms) grouped by `key`, the heaviest first: what a stretch of the page's work went into. */
export function heaviest(
  profile: CpuProfile,
  key: (frame: CallFrame) => string,
  count: number,
): { name: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id);
    if (!frame) return;
    const name = key(frame);
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...self]
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

/** Precise coverage as CDP's Profiler.takePreciseCoverage answers it (callCount on, not detailed). */
export interface ScriptCoverage {
  readonly url: string;
  readonly functions: readonly { readonly ranges: readonly { readonly count: number }[] }[];
}

/**
 * The page's function calls so far and the functions run at least once, in its own scripts (`from`
 * the page's origin). Unlike times, these hold on a busy machine: they count work, not waiting.
 */
export function callCounts(
  coverage: readonly ScriptCoverage[],
  from: string,
): { calls: number; functions: number } {
  let calls = 0;
  let functions = 0;
  for (const script of coverage) {
    if (!script.url.startsWith(from)) continue;
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0;
      calls += count;
      if (count > 0) functions += 1;
    }
  }
  return { calls, functions };
}
