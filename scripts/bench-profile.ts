/**
 * `npx tsx scripts/bench-profile.ts [login|burst|return] [--runs N] [--no-build] [--dist DIR]`: what the page's main
 * thread does, counted from a Chrome trace and a CPU profile at 4× CPU throttling rather than timed
 * (counts hold on a busy machine where timings do not).
 *  - login: a cold /user/login; the JavaScript run before the first contentful paint and before
 *    the password field took a keystroke, the main thread's tasks over 50 ms until then, and the
 *    functions that took most of it.
 *  - burst: the alert wall open at its top, live, while 200 alerts are reported; the main thread's
 *    tasks over 50 and 100 ms, the longest, and the functions that took most of the burst.
 *  - return: signed in, the menu's first screen, the second, then the first again; what the return
 *    to the visited screen runs from the click until its heading is painted.
 * On a busy machine the times stretch (the profiler's samples thin out too); the counts of calls
 * and of long tasks are the figures to compare. TRACE_OUT=file keeps the last run's trace.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession } from 'playwright-core';
import { launchChromium } from '../test-support/chromium';
import { burstOnWall } from './bench/alert-burst';
import { buildConsole } from './bench/build';
import { signInForBench, benchAdmin } from './bench/console-api';
import {
  clickMenuItem,
  firstMenuScreens,
  measureLogin,
  openThrottled,
  screenHeading,
  waitForWatch,
} from './bench/journey';
import { loadLine } from './bench/machine';
import {
  byFile,
  byFunction,
  callCounts,
  heaviest,
  lastClickAt,
  mainThreadTasks,
  navigationStartOf,
  profileWithin,
  scriptTimeUs,
  startTrace,
  type CpuProfile,
  type ScriptCoverage,
  type TraceEvent,
} from './bench/main-thread';
import { armWatch, pageProbe, waitForMark } from './bench/page-probe';
import { seedLongLists } from './bench/render-seed';
import { withSeededApp } from './bench/seeded-app';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const cpuThrottlingRate = 4;
const actionTimeoutMs = 30_000;
const burstSize = 200;
/** With TRACE_OUT=file, the last run's trace and profile are kept there to be read further. */
function saveForReading(events: readonly TraceEvent[], profile: CpuProfile): void {
  if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify({ events, profile }));
}

const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;

/** Samples every 200 µs of the page's own clock (throttled time counts 4×). */
/** Runs `measure` under a trace and a CPU profile, both kept for reading (TRACE_OUT). */
async function traced<T>(
  cdp: CDPSession,
  measure: () => Promise<T>,
): Promise<{ result: T; events: readonly TraceEvent[]; profile: CpuProfile }> {
  const trace = await startTrace(cdp);
  const stopProfile = await startProfile(cdp);
  const result = await measure();
  const profile = await stopProfile();
  const events = await trace.stop();
  saveForReading(events, profile);
  return { result, events, profile };
}

async function startProfile(cdp: CDPSession): Promise<() => Promise<CpuProfile>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile;
}

function printHeaviest(profile: CpuProfile): void {
  const lines = (key: typeof byFile) =>
    heaviest(profile, key, 10).map(({ name, ms: time }) => `  ${time.toFixed(1).padStart(7)} ms  ${name}`);
  console.log(['by script:', ...lines(byFile), 'by function:', ...lines(byFunction)].join('\n'));
}

/** The calls the page made until its password field was in the document (a cold load, untimed). */
async function countLoginCalls(browser: Browser, base: string): Promise<string> {
  const { context, page, cdp } = await openThrottled(browser, {
    baseUrl: base,
    cpuThrottlingRate,
    actionTimeoutMs,
  });
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await page.goto('/user/login', { waitUntil: 'commit' });
    await waitForMark(page, 'passwordInDom', actionTimeoutMs);
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
    const { calls, functions } = callCounts(result, base);
    return `until the password field is in the document: ${calls.toLocaleString('en')} calls of ${functions.toLocaleString('en')} functions`;
  } finally {
    await context.close();
  }
}

async function profileLogin(browser: Browser, base: string): Promise<void> {
  console.log(await countLoginCalls(browser, base));
  const { context, page, cdp } = await openThrottled(browser, {
    baseUrl: base,
    cpuThrottlingRate,
    actionTimeoutMs,
  });
  try {
    const {
      result: login,
      events,
      profile,
    } = await traced(cdp, () => measureLogin(page, cdp, actionTimeoutMs));
    const zero = navigationStartOf(events, '/user/login');
    const fcp = zero + login.fcp * 1000;
    const usable = zero + login.passwordUsable * 1000;
    const long = mainThreadTasks(events).filter((t) => t.ts >= zero && t.ts < usable && t.dur > 50_000);
    console.log(
      `first contentful paint ${login.fcp.toFixed(0)} ms, password usable ${login.passwordUsable.toFixed(0)} ms; ` +
        `script before the paint ${ms(scriptTimeUs(events, zero, fcp))}, before usable ${ms(scriptTimeUs(events, zero, usable))}; ` +
        `tasks over 50 ms before usable: ${long.length} (${long.map((t) => ms(t.dur)).join(', ')})`,
    );
    printHeaviest(profile);
  } finally {
    await context.close();
  }
}

/** A new context signed in with `token` (the probe loaded, the page not throttled yet). */
async function signedInPage(browser: Browser, base: string, token: string) {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
  });
  context.setDefaultTimeout(actionTimeoutMs);
  await context.addInitScript({ content: pageProbe([]) });
  await context.addInitScript((value) => localStorage.setItem('CFOP_TOKEN', value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const throttle = () => cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
  return { context, page, cdp, throttle };
}

async function profileBurst(browser: Browser, base: string, token: string): Promise<void> {
  const { context, page, cdp, throttle } = await signedInPage(browser, base, token);
  try {
    await page.goto('/monitor/ai');
    await page.locator('.cfop-alert-card').first().waitFor();
    await page.getByText('实时推送中').waitFor();
    await throttle();
    const { result: figures, events, profile } = await traced(cdp, () => burstOnWall(page, base, burstSize));
    const tasks = mainThreadTasks(events);
    const over = (limit: number) => tasks.filter((t) => t.dur > limit * 1000).length;
    const longest = tasks.reduce((max, t) => Math.max(max, t.dur), 0);
    console.log(
      `burst of ${burstSize}: longest frame ${figures.longestFrameMs.toFixed(0)} ms, wall updates ${figures.wallUpdates}; ` +
        `main-thread tasks over 50 ms ${over(50)}, over 100 ms ${over(100)}, longest ${ms(longest)}`,
    );
    printHeaviest(profile);
  } finally {
    await context.close();
  }
}

async function profileReturn(browser: Browser, base: string, token: string): Promise<void> {
  const { context, page, cdp, throttle } = await signedInPage(browser, base, token);
  try {
    const [screen, other] = firstMenuScreens();
    await page.goto('/home');
    await page.locator('.cfop-content h2').first().waitFor();
    await throttle();
    for (const [name, visited] of [
      ['first', screen],
      ['other', other],
    ] as const) {
      const watch = screenHeading(name, visited.name);
      await clickMenuItem(page, visited, () => armWatch(page, watch));
      await waitForWatch(page, watch.name, actionTimeoutMs);
    }
    const back = screenHeading('back', screen.name);
    const { result, events, profile } = await traced(cdp, async () => {
      await clickMenuItem(page, screen, () => armWatch(page, back));
      return waitForWatch(page, back.name, actionTimeoutMs);
    });
    const clicked = lastClickAt(events);
    const painted = clicked + result * 1000;
    const tasks = mainThreadTasks(events).filter((t) => t.ts + t.dur >= clicked && t.ts < painted);
    console.log(
      `back to ${screen.path}: heading painted ${result.toFixed(0)} ms after the click; script until then ` +
        `${ms(scriptTimeUs(events, clicked, painted))}; tasks from the click: ${tasks.map((t) => ms(t.dur)).join(', ')}`,
    );
    printHeaviest(profileWithin(profile, clicked, painted));
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const modes = ['login', 'burst', 'return'] as const;
  const mode = modes.find((name) => name === process.argv[2]) ?? 'login';
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const runs = Number(option('--runs') ?? 3);
  // Another build (a copy of dist/ made before a change) measures the two side by side.
  const dist = option('--dist');
  if (!process.argv.includes('--no-build') && !dist) await buildConsole();
  console.log(loadLine('before'));
  await withSeededApp(
    {
      name: 'bench-profile',
      deadlineMs: 8 * 60_000,
      adminPassword: benchAdmin.password,
      ...(dist ? { staticDir: () => dist } : {}),
      seed: (dataDir) => (mode === 'burst' ? seedLongLists(dataDir, new Date()) : undefined),
    },
    async ({ base, onCleanUp }) => {
      const browser = await launchChromium();
      onCleanUp(() => browser.close());
      const token = mode === 'login' ? '' : await signInForBench(base, benchAdmin);
      // The first run warms the server's caches; it is printed too, marked.
      for (let run = 0; run <= runs; run += 1) {
        process.stdout.write(run === 0 ? 'warm-up: ' : `run ${run}: `);
        if (mode === 'burst') await profileBurst(browser, base, token);
        else if (mode === 'return') await profileReturn(browser, base, token);
        else await profileLogin(browser, base);
      }
    },
  );
  console.log(loadLine('after'));
}

await main();
