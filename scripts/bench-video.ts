/**
 * `npm run bench:video`: how fast the video wall fills and how late its picture is. Starts ten
 * test cameras (test-support/test-cameras.ts: 6 RTSP, 4 HTTP MPEG-TS, H.264 with a key frame every
 * 2 s, one of each kind stamping the time in its picture), the real server on a fresh data folder
 * with the built console, and headless Chromium signed in. It prints:
 * - one pane: from the click on a camera in the tree to its first frame on screen, once per camera,
 *   each cold (no live view of that camera running);
 * - a cold 9-pane wall opened from a link: from the navigation to each pane's first frame, and the
 *   last of them;
 * - glass-to-glass: on the wall, how old the picture of the clocked cameras is when shown (the time
 *   read from the frame's blocks, compared with the clock of the same machine).
 * Between measurements every live view is left to stop (idle), so each open is cold. Figures are
 * printed with the machine they come from, never asserted. `--no-build` measures dist/ as it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { parseAllowedHosts } from '../server/cameras/stream-address';
import { launchChromium } from '../test-support/chromium';
import { clockBits, clockBlockPx, clockDelay } from '../test-support/clock-picture';
import { readClockInPage } from '../test-support/clock-reader';
import { startTestCameras, type TestCamera } from '../test-support/test-cameras';
import { buildConsole } from './bench/build';
import { busyWarning, describeMachine, describeSources, loadLine } from './bench/machine';
import { metricTable, percentile, type Metric } from './bench/report';
import { withSeededApp } from './bench/seeded-app';
import { videoProbe, type VideoMarks } from './bench/video-probe';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const wallRuns = 3;
const wallPanes = 9;
const glassSamplingMs = 6_000;
const glassEveryMs = 200;
/** A live view nobody fetches from stops after this: short, so that the next open is cold soon. */
const idleMs = 4_000;
const firstFrameTimeoutMs = 60_000;
const deadlineMs = 15 * 60_000;
const admin = { username: 'admin', password: 'Bench-admin-2024' };
const clientHeaders = { 'x-client-type': 'PC', 'x-client-host': 'bench.local' };
const targets = { singleP95: 3_000, wallLast: 6_000, glass: 2_000 };

async function api<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/cfop${path}`, {
    method: 'POST',
    headers: {
      ...clientHeaders,
      'content-type': 'application/json',
      ...(token ? { 'x-cfop-token': token } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; msg: string; data: T };
  if (!answer.success) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

async function addCameras(base: string, token: string, cameras: readonly TestCamera[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, camera] of cameras.entries()) {
    const created = await api<{ id: number }>(
      base,
      '/cameras',
      {
        name: camera.name,
        code: `BENCH-${index + 1}`,
        area: 'Bench',
        mainStreamUrl: camera.url,
        vendor: 'hikvision',
        ip: `10.70.0.${index + 1}`,
        aiServerId: null,
      },
      token,
    );
    ids.push(created.id);
  }
  return ids;
}

/** The live views' ffmpeg (relays writing fragmented MP4 to a pipe) running under this process now. */
function relaysRunning(): number {
  let count = 0;
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (command.startsWith('ffmpeg') && command.includes('empty_moov')) count += 1;
    } catch {
      // ended meanwhile
    }
  }
  return count;
}

/** Waits until every live view has stopped for want of viewers. */
async function untilCold(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (relaysRunning() > 0) {
    if (Date.now() > deadline) throw new Error('live views still run a minute after their viewers left');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function withPage<T>(
  browser: Browser,
  base: string,
  token: string,
  measure: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
  });
  try {
    context.setDefaultTimeout(firstFrameTimeoutMs);
    await context.addInitScript({ content: videoProbe });
    await context.addInitScript((value) => localStorage.setItem('CFOP_TOKEN', value), token);
    return await measure(await context.newPage());
  } finally {
    await context.close();
  }
}

const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __videoBench: VideoMarks }).__videoBench);

async function untilFirstFrames(page: Page, panes: number): Promise<VideoMarks> {
  const deadline = Date.now() + firstFrameTimeoutMs;
  for (;;) {
    const marks = await marksOf(page);
    if (Object.keys(marks.firstFrames).length >= panes) return marks;
    if (Date.now() > deadline)
      throw new Error(`${Object.keys(marks.firstFrames).length} of ${panes} panes played`);
    await page.waitForTimeout(50);
  }
}

/**
 * One camera clicked in the tree into the empty single pane: ms from the click to its first frame,
 * and to the first video fragment over its socket (before it, the server's start; after, the player).
 */
function singlePane(browser: Browser, base: string, token: string, camera: TestCamera) {
  return withPage(browser, base, token, async (page) => {
    await page.goto('/monitor/video?layout=1');
    const item = page.locator('.cfop-camera-tree').getByText(camera.name, { exact: true });
    await item.click();
    const marks = await untilFirstFrames(page, 1);
    const click = marks.lastClick ?? Number.NaN;
    return {
      frame: (marks.firstFrames['0'] ?? Number.NaN) - click,
      fragment: (marks.firstFragment ?? Number.NaN) - click,
    };
  });
}

interface WallRun {
  readonly firstFrames: readonly number[];
  readonly glass: readonly number[];
}

/** The 9-pane wall from a link, then the age of the clocked panes' pictures for a few seconds. */
function wall(
  browser: Browser,
  base: string,
  token: string,
  ids: readonly number[],
  clocked: readonly number[],
) {
  return withPage(browser, base, token, async (page): Promise<WallRun> => {
    await page.goto(`/monitor/video?layout=${wallPanes}&cams=${ids.slice(0, wallPanes).join(',')}`);
    const marks = await untilFirstFrames(page, wallPanes);
    const firstFrames = Array.from(
      { length: wallPanes },
      (_, pane) => marks.firstFrames[String(pane)] ?? Number.NaN,
    );
    const glass: number[] = [];
    const until = Date.now() + glassSamplingMs;
    while (Date.now() < until) {
      for (const pane of clocked) {
        const stamped = await page
          .locator(`[data-pane="${pane}"] video`)
          .evaluate(readClockInPage, { bits: clockBits, blockPx: clockBlockPx });
        if (stamped !== null) glass.push(clockDelay(stamped));
      }
      await page.waitForTimeout(glassEveryMs);
    }
    return { firstFrames, glass };
  });
}

const row = (label: string, values: readonly number[], target: number | null): Metric => ({
  label,
  unit: 'ms',
  values,
  target,
});

async function main(): Promise<void> {
  if (process.argv.includes('--no-build')) console.log('--no-build: measuring dist/ as it is');
  else await buildConsole();
  const testCameras = await startTestCameras();
  const settings = {
    name: 'bench:video',
    deadlineMs,
    adminPassword: admin.password,
    app: {
      cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
      live: { idleMs },
    },
    seed: () => undefined,
  };
  try {
    await withSeededApp(settings, async ({ base, onCleanUp }) => {
      const { token } = await api<{ token: string }>(base, '/login/bypwd', admin);
      const ids = await addCameras(base, token, testCameras.cameras);
      const browser = await launchChromium();
      onCleanUp(() => browser.close());
      console.log(
        `\nMachine\n${[...describeMachine(browser.version()), describeSources(), loadLine('before')].join('\n')}`,
      );
      const kinds = testCameras.cameras.map((camera) => `${camera.name}${camera.clock ? ' (clock)' : ''}`);
      console.log(`Test cameras: ${kinds.join(', ')}; H.264 640×360, 15 fps, a key frame every 2 s.\n`);

      // A first open of the console warms the browser's cache of its scripts, as an operator's has.
      await withPage(browser, base, token, (page) =>
        page.goto('/monitor/video?layout=1').then(() => undefined),
      );
      const single: number[] = [];
      const fragments: number[] = [];
      for (const camera of testCameras.cameras) {
        const { frame, fragment } = await singlePane(browser, base, token, camera);
        single.push(frame);
        fragments.push(fragment);
      }
      await untilCold();
      const clockedPanes = testCameras.cameras
        .slice(0, wallPanes)
        .flatMap((camera, pane) => (camera.clock ? [pane] : []));
      const walls: WallRun[] = [];
      for (let run = 0; run < wallRuns; run += 1) {
        walls.push(await wall(browser, base, token, ids, clockedPanes));
        await untilCold();
      }

      console.log(`One pane, a camera clicked in the tree (cold, each of the ${single.length} cameras once)`);
      console.log(
        metricTable([
          row('click → first fragment', fragments, null),
          row('click → first frame', single, null),
        ]),
      );
      console.log(`p95 ${Math.round(percentile(single, 95))} ms (target < ${targets.singleP95} ms)\n`);
      console.log(
        `A cold ${wallPanes}-pane wall opened from a link (${wallRuns} runs; navigation → first frame)`,
      );
      const panes = Array.from({ length: wallPanes }, (_, pane) =>
        row(
          `pane ${pane + 1} (${testCameras.cameras[pane]?.name})`,
          walls.map((run) => run.firstFrames[pane] ?? Number.NaN),
          null,
        ),
      );
      const last = walls.map((run) => Math.max(...run.firstFrames));
      console.log(metricTable([...panes, row('last pane', last, targets.wallLast)]));
      const glass = walls.flatMap((run) => run.glass);
      console.log(
        `\nGlass-to-glass on the wall (clocked panes ${clockedPanes.map((pane) => pane + 1).join(', ')}, ` +
          `${glass.length} readings): median ${Math.round(percentile(glass, 50))} ms, ` +
          `p95 ${Math.round(percentile(glass, 95))} ms, max ${Math.round(Math.max(...glass))} ms (target < ${targets.glass} ms)`,
      );
      console.log(`\n${loadLine('after')}`);
      const busy = busyWarning();
      if (busy) console.log(busy);
    });
  } finally {
    await testCameras.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
