/**
 * `npm run bench:render`: how the console's long lists render. Seeds a fresh database with 10 000
 * AI servers, 2 000 cameras and 10 000 alerts, serves the built console with the real server and,
 * in headless Chromium with the CPU throttled 4×, opens each long list and scrolls it through for
 * a few seconds as a held-down wheel would, printing per list the time to show it, the frame gaps
 * while scrolling (median, p95, frames over 50 ms) and the most items ever in the document (what
 * virtualisation keeps small). Then, on the alert wall, a burst of live alerts through the ingest
 * API: how many times the wall's cards changed (batching keeps it far below the alerts' count), how
 * soon the last one showed, the frame gaps meanwhile and the longest frame. One warm-up and three runs
 * of each, each in a new browser context. Last, the video wall unthrottled: each of ten test cameras
 * (test-support/test-cameras.ts) clicked into the empty pane, cold, to its first decoded frame.
 * Figures are printed, never asserted. `--no-build` measures dist/ as it is; `--only=burst` measures
 * the burst alone (the heaviest to watch while changing the wall).
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { parseAllowedHosts } from '../server/streams/stream-address';
import { launchChromium } from '../test-support/chromium';
import { startTestCameras } from '../test-support/test-cameras';
import { burstConcurrency, burstOnWall, type BurstFigures } from './bench/alert-burst';
import { buildConsole } from './bench/build';
import { signInForBench, benchAdmin } from './bench/console-api';
import { addTestCameras, coldSinglePanes } from './bench/live-panes';
import { busyWarning, describeMachine, describeSources, loadLine } from './bench/machine';
import { armWatch, pageProbe, waitForMark } from './bench/page-probe';
import { seededModel, seedLongLists, seedSizes } from './bench/render-seed';
import { withSeededApp } from './bench/seeded-app';
import { metricTable, percentile, type Metric } from './bench/report';
import { scrollThrough, type ScrollFigures } from './bench/scroll-probe';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const warmUps = 1;
const runs = 3;
const cpuThrottlingRate = 4;
/** No frame of a live burst longer than this: a reader sees a longer one as the wall freezing. */
const longestBurstFrameMs = 100;
/** A camera put in a pane plays within this, p95. */
const paneFirstFrameTargetMs = 3_000;
const scrollMs = 3_000;
const burstSize = 200;
const burstConcurrencyText = `${burstConcurrency} at a time through the ingest API`;
const actionTimeoutMs = 30_000;
const deadlineMs = 8 * 60_000;

/** One long list: how to open it (timed from a click to its first item painted) and scroll it. */
interface ListScenario {
  readonly title: string;
  /** Where the reader starts, and what shows that page is ready. */
  readonly path: string;
  readonly ready: string;
  /** Gets to where one click opens the list (a menu group unfolded). */
  prepare?(page: Page): Promise<void>;
  /** Clicks what opens the list (timed from that click). */
  open(page: Page): Promise<void>;
  readonly firstItem: string;
  readonly scroller: string;
  readonly item: string;
}

/** A screen of the monitoring centre, opened by its menu item with the group already unfolded. */
function fromMonitoringMenu(item: string): Pick<ListScenario, 'path' | 'ready' | 'prepare' | 'open'> {
  const sider = (page: Page) => page.locator('.cfop-sider');
  const menuItem = (page: Page) => sider(page).getByRole('menuitem', { name: new RegExp(`^${item}$`) });
  return {
    path: '/home',
    ready: '.cfop-sider',
    async prepare(page) {
      await sider(page)
        .getByRole('menuitem', { name: /监控中心$/ })
        .click();
      await menuItem(page).waitFor();
    },
    open: (page) => menuItem(page).click(),
  };
}

const scenarios: readonly ListScenario[] = [
  {
    title: `model deployment panel, ${seedSizes.aiServers.toLocaleString('en')} AI servers loaded at once`,
    path: '/model',
    ready: '.cfop-content .ant-table-row',
    async open(page) {
      const row = page.locator('.ant-table-row').filter({ hasText: seededModel.name });
      await row.getByRole('button', { name: /部\s*署/ }).click();
    },
    firstItem: '.cfop-deployments .ant-table-row',
    scroller: '.cfop-deployments .ant-table-tbody-virtual-holder',
    item: '.ant-table-row',
  },
  {
    title: `video wall camera tree, ${seedSizes.cameras.toLocaleString('en')} cameras in ${seedSizes.areas} areas`,
    ...fromMonitoringMenu('视频监控'),
    firstItem: '.cfop-camera-tree .cfop-tree-camera',
    scroller: '.cfop-camera-tree .ant-tree-list-holder',
    item: '.ant-tree-treenode',
  },
  {
    title: `AI alert wall, ${seedSizes.alerts.toLocaleString('en')} alerts, pages of 100 loaded while scrolling`,
    ...fromMonitoringMenu('AI告警'),
    firstItem: '.cfop-alert-card',
    scroller: '.cfop-alert-wall',
    item: '.cfop-alert-card',
  },
];

interface ScenarioRun extends ScrollFigures {
  readonly shownMs: number;
}

/**
 * A new browser context signed in (the token stored as the console stores it) at `path`, ready, with
 * the CPU throttled from then on; closed after `measure`.
 */
async function onThrottledPage<T>(
  browser: Browser,
  start: { base: string; token: string; path: string; ready: string },
  measure: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    baseURL: start.base,
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
  });
  try {
    context.setDefaultTimeout(actionTimeoutMs);
    await context.addInitScript({ content: pageProbe([]) });
    await context.addInitScript((value) => localStorage.setItem('CFOP_TOKEN', value), start.token);
    const page = await context.newPage();
    await page.goto(start.path);
    await page.locator(start.ready).first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
    return await measure(page);
  } finally {
    await context.close();
  }
}

function runScenario(browser: Browser, base: string, token: string, scenario: ListScenario) {
  return onThrottledPage(browser, { base, token, ...scenario }, async (page) => {
    await scenario.prepare?.(page);
    await armWatch(page, { name: 'list', selector: scenario.firstItem, text: null, startOn: 'click' });
    await scenario.open(page);
    await waitForMark(page, 'listPainted', actionTimeoutMs);
    const marks = (await page.evaluate(() => ({
      ...(window as { __bench?: { marks: object } }).__bench?.marks,
    }))) as Record<string, number>;
    const shownMs = (marks.listPainted ?? 0) - (marks.listStart ?? 0);
    const scroll = await scrollThrough(page, scenario.scroller, scenario.item, scrollMs);
    return { shownMs, ...scroll } satisfies ScenarioRun;
  });
}

/** The alert wall open at its top and live; then a burst of alerts through the ingest API. */
function runBurst(browser: Browser, base: string, token: string) {
  const start = { base, token, path: '/monitor/ai', ready: '.cfop-alert-card' };
  return onThrottledPage(browser, start, async (page) => {
    await page.getByText('实时推送中').waitFor();
    return burstOnWall(page, base, burstSize);
  });
}

function reportBurst(results: readonly BurstFigures[]): string {
  const metric = (label: string, values: (run: BurstFigures) => number): Metric => ({
    label,
    unit: 'ms',
    values: results.map(values),
    target: null,
  });
  const counts = (read: (run: BurstFigures) => number) => results.map(read).join(' / ');
  return [
    `AI alert wall, a burst of ${burstSize} live alerts reported ${burstConcurrencyText}`,
    metricTable([
      metric('last alert answered → its card in the page', (run) => run.lastShownMs),
      metric('frame gap during the burst, median', (run) => run.medianFrameMs),
      metric('frame gap during the burst, p95', (run) => run.p95FrameMs),
      {
        ...metric('longest frame during the burst', (run) => run.longestFrameMs),
        target: longestBurstFrameMs,
      },
    ]),
    `wall updates for ${burstSize} alerts: ${counts((run) => run.wallUpdates)}; ` +
      `frames over 50 ms: ${counts((run) => run.longFrames)} of ${counts((run) => run.frames)}`,
  ].join('\n');
}

function report(scenario: ListScenario, results: readonly ScenarioRun[]): string {
  const metric = (label: string, values: (run: ScenarioRun) => number): Metric => ({
    label,
    unit: 'ms',
    values: results.map(values),
    target: null,
  });
  const counts = (read: (run: ScenarioRun) => number) => results.map(read).join(' / ');
  return [
    scenario.title,
    metricTable([
      metric('click → first item painted', (run) => run.shownMs),
      metric('frame gap while scrolling, median', (run) => run.medianFrameMs),
      metric('frame gap while scrolling, p95', (run) => run.p95FrameMs),
    ]),
    `frames over 50 ms: ${counts((run) => run.longFrames)} of ${counts((run) => run.frames)}; ` +
      `most items in the document: ${counts((run) => run.mostItemsInDom)}; scrolled ${counts((run) => run.scrolledPx)} px`,
  ].join('\n');
}

async function main(): Promise<void> {
  const burstOnly = process.argv.includes('--only=burst');
  if (process.argv.includes('--no-build')) console.log('--no-build: measuring dist/ as it is');
  else await buildConsole();
  // Their streams take the machine's CPU from the start: none for the burst alone.
  const testCameras = burstOnly ? null : await startTestCameras();
  const settings = {
    name: 'bench:render',
    deadlineMs,
    adminPassword: benchAdmin.password,
    // The test cameras stream on loopback; a live view nobody watches stops soon, so each is cold.
    app: { cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed, live: { idleMs: 4_000 } },
    seed: (dataDir: string) => seedLongLists(dataDir, new Date()),
  };
  try {
    await withSeededApp(settings, async ({ base, onCleanUp }) => {
      const token = await signInForBench(base, benchAdmin);
      const browser = await launchChromium();
      onCleanUp(() => browser.close());
      console.log(
        `\nMachine\n${[...describeMachine(browser.version()), describeSources(), loadLine('before')].join('\n')}`,
      );
      console.log(
        `CPU throttled ${cpuThrottlingRate}×; ${warmUps} warm-up + ${runs} runs per list; ${scrollMs / 1000} s of scrolling each.\n`,
      );
      for (const scenario of burstOnly ? [] : scenarios) {
        const results: ScenarioRun[] = [];
        for (let run = 1; run <= warmUps + runs; run += 1) {
          const result = await runScenario(browser, base, token, scenario);
          if (run > warmUps) results.push(result);
        }
        console.log(`${report(scenario, results)}\n`);
      }
      const bursts: BurstFigures[] = [];
      for (let run = 1; run <= warmUps + runs; run += 1) {
        const result = await runBurst(browser, base, token);
        if (run > warmUps) bursts.push(result);
      }
      console.log(`${reportBurst(bursts)}\n`);
      if (testCameras) {
        await addTestCameras(base, token, testCameras.cameras);
        const { frames } = await coldSinglePanes(browser, base, token, testCameras.cameras);
        console.log(reportPanes(frames, testCameras.cameras.length));
      }
      console.log(loadLine('after'));
      const busy = busyWarning();
      if (busy) console.log(busy);
    });
  } finally {
    await testCameras?.stop();
  }
}

/** A camera put in an empty pane (no CPU throttling: the browser decodes as on an operator's PC). */
function reportPanes(frames: readonly number[], cameras: number): string {
  return [
    `Video wall, a camera clicked into the empty pane, cold (each of ${cameras} test cameras once: 6 RTSP, 4 HTTP MPEG-TS, H.264, a key frame every 2 s)`,
    `click → first decoded frame on screen: p50 ${Math.round(percentile(frames, 50))} ms, p95 ${Math.round(percentile(frames, 95))} ms (target p95 < ${paneFirstFrameTargetMs} ms)`,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
