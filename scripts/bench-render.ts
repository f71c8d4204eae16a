/**
 * `npm run bench:render`: how the console's long lists render. Seeds a fresh database with 10 000
 * AI servers, 2 000 cameras and 10 000 alerts, serves the built console with the real server and,
 * in headless Chromium with the CPU throttled 4×, opens each long list and scrolls it through for
 * a few seconds as a held-down wheel would, printing per list the time to show it, the frame gaps
 * while scrolling (median, p95, frames over 50 ms) and the most items ever in the document (what
 * virtualisation keeps small). One warm-up and three runs per list, each in a new browser context.
 * Figures are printed, never asserted. `--no-build` measures dist/ as it is.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/chromium';
import { createApp } from '../server/app';
import { buildConsole } from './bench/build';
import { busyWarning, describeMachine, describeSources, loadLine } from './bench/machine';
import { armWatch, pageProbe, waitForMark } from './bench/page-probe';
import { seededModel, seedLongLists, seedSizes } from './bench/render-seed';
import { metricTable, type Metric } from './bench/report';
import { scrollThrough, type ScrollFigures } from './bench/scroll-probe';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const warmUps = 1;
const runs = 3;
const cpuThrottlingRate = 4;
const scrollMs = 3_000;
const actionTimeoutMs = 30_000;
const deadlineMs = 8 * 60_000;
const admin = { username: 'admin', password: 'Bench-admin-2024' };
const clientHeaders = { 'x-client-type': 'PC', 'x-client-host': 'bench.local' };

/** One long list: how to open it (timed from a click to its first item painted) and scroll it. */
interface ListScenario {
  readonly title: string;
  readonly path: string;
  /** Clicks what opens the list, once the screen is there. */
  open(page: Page): Promise<void>;
  readonly firstItem: string;
  readonly scroller: string;
  readonly item: string;
}

const scenarios: readonly ListScenario[] = [
  {
    title: `model deployment panel, ${seedSizes.aiServers.toLocaleString('en')} AI servers loaded at once`,
    path: '/model',
    async open(page) {
      const row = page.locator('.ant-table-row').filter({ hasText: seededModel.name });
      await row.getByRole('button', { name: /部\s*署/ }).click();
    },
    firstItem: '.cfop-deployments .ant-table-row',
    scroller: '.cfop-deployments .ant-table-tbody-virtual-holder',
    item: '.ant-table-row',
  },
];

interface ScenarioRun extends ScrollFigures {
  readonly shownMs: number;
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/cfop/login/bypwd`, {
    method: 'POST',
    headers: { ...clientHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = (await response.json()) as { success: boolean; msg: string; data: { token: string } };
  if (!body.success) throw new Error(`sign-in failed: ${body.msg}`);
  return body.data.token;
}

async function runScenario(browser: Browser, base: string, token: string, scenario: ListScenario) {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
  });
  try {
    context.setDefaultTimeout(actionTimeoutMs);
    await context.addInitScript({ content: pageProbe([]) });
    await context.addInitScript((value) => localStorage.setItem('CFOP_TOKEN', value), token);
    const page = await context.newPage();
    await page.goto(scenario.path);
    await page.locator('.cfop-content .ant-table-row, .cfop-content .ant-empty').first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
    await armWatch(page, { name: 'list', selector: scenario.firstItem, text: null, startOn: 'click' });
    await scenario.open(page);
    await waitForMark(page, 'listPainted', actionTimeoutMs);
    const marks = (await page.evaluate(() => ({
      ...(window as { __bench?: { marks: object } }).__bench?.marks,
    }))) as Record<string, number>;
    const shownMs = (marks.listPainted ?? 0) - (marks.listStart ?? 0);
    const scroll = await scrollThrough(page, scenario.scroller, scenario.item, scrollMs);
    return { shownMs, ...scroll } satisfies ScenarioRun;
  } finally {
    await context.close();
  }
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
  if (process.argv.includes('--no-build')) console.log('--no-build: measuring dist/ as it is');
  else await buildConsole();
  const dataDir = await mkdtemp(join(tmpdir(), 'cfop-bench-render-'));
  let app: FastifyInstance | undefined;
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error(`bench:render did not finish within ${deadlineMs / 1000} s; stopping.`);
    void cleanUp().finally(() => process.exit(1));
  }, deadlineMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    const options = {
      dataDir,
      admin: { password: admin.password },
      logger: false,
      announce: () => undefined,
    };
    // The first start migrates the empty folder; the lists are then seeded and the server restarted.
    await (await createApp(options)).close();
    seedLongLists(dataDir, new Date());
    app = await createApp(options);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await signIn(base);
    browser = await launchChromium();
    console.log(
      `\nMachine\n${[...describeMachine(browser.version()), describeSources(), loadLine('before')].join('\n')}`,
    );
    console.log(
      `CPU throttled ${cpuThrottlingRate}×; ${warmUps} warm-up + ${runs} runs per list; ${scrollMs / 1000} s of scrolling each.\n`,
    );
    for (const scenario of scenarios) {
      const results: ScenarioRun[] = [];
      for (let run = 1; run <= warmUps + runs; run += 1) {
        const result = await runScenario(browser, base, token, scenario);
        if (run > warmUps) results.push(result);
      }
      console.log(`${report(scenario, results)}\n`);
    }
    console.log(loadLine('after'));
    const busy = busyWarning();
    if (busy) console.log(busy);
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
