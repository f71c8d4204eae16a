/**
 * `npm run bench:web`: builds the console, serves it with the real server on a fresh database,
 * and measures in headless Chromium with the CPU slowed 4× what a reader waits for: the login
 * page (JS, first contentful paint, the password field taking a keystroke), signing in to
 * /home, and the first menu screen, cold and on a route change back to it. One warm-up run,
 * then five cold runs (each a new browser context: empty cache, no token); prints medians,
 * ranges and the targets. Each run is followed by one of Ant Design Pro 6.0.3's production build
 * (built apart from this repository, see docs/performance.md; served with history fallback and
 * gzip) and one of the reference login page (the lean Vite + React 19 + antd 6 page,
 * scripts/bench/reference-login/), so the figures also read as ratios to both, measured in the same
 * minutes, whatever the machine. Timings are printed, never asserted: the exit code only says whether
 * the run worked. `--no-build` measures dist/ as it is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test-support/chromium';
import { startServer, type RunningServer } from '../test-support/server-process';
import { buildConsole } from './bench/build';
import { GzipSizes, wasCompressed } from './bench/js-bytes';
import { firstMenuScreens, runJourney, type JourneyFigures, type MenuScreen } from './bench/journey';
import {
  antDesignProDist,
  serveLoginPage,
  startReferenceLogin,
  type LoginYardstick,
  type YardstickFigures,
} from './bench/login-yardstick';
import { busyWarning, describeMachine, describeSources, loadLine } from './bench/machine';
import { metricTable, summarize, type Metric } from './bench/report';
import { budgetPlanFromManifest } from './budgets/plan';
import { benchAdmin } from './bench/console-api';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const warmUps = 1;
const runs = 5;
const cpuThrottlingRate = 4;
const targets = { passwordUsableMs: 900, warmRouteChangeMs: 100 };
/** Ratios to Ant Design Pro's login page, and of a return to a visited screen to a cold visit. */
const ratioTargets = { passwordUsable: 0.43, fcp: 0.5, returnToCold: 0.15 };
const actionTimeoutMs = 20_000;
/** The whole run stops by itself after this, cleaning up, whatever hangs. */
const deadlineMs = 6 * 60_000;

type FigureKey = keyof Omit<JourneyFigures, 'scripts'>;

function printReport(
  figures: readonly JourneyFigures[],
  reference: readonly YardstickFigures[],
  antPro: readonly YardstickFigures[],
  screen: MenuScreen,
  other: MenuScreen,
): void {
  const limits = budgetPlanFromManifest(
    JSON.parse(readFileSync('manifest/console.json', 'utf8')) as Parameters<typeof budgetPlanFromManifest>[0],
  ).limits;
  const row = (label: string, key: FigureKey, target: number | null = null): Metric => ({
    label,
    unit: key.endsWith('Js') || key === 'prefetchedOnHome' ? 'KB' : 'ms',
    values: figures.map((run) => run[key]),
    target,
  });
  const yardstickRow = (
    runs: readonly YardstickFigures[],
    label: string,
    key: keyof YardstickFigures,
  ): Metric => ({
    label,
    unit: key === 'loginJs' ? 'KB' : 'ms',
    values: runs.map((run) => run[key]),
    target: null,
  });
  console.log(
    metricTable([
      row('/user/login JS fetched until usable (gzip)', 'loginJs', limits.login),
      row('/user/login first contentful paint', 'fcp'),
      row('/user/login password field shown', 'passwordShown'),
      row('/user/login password field usable', 'passwordUsable', targets.passwordUsableMs),
      row("/user/login the console's form took over", 'consoleTookOver'),
      row('Enter → /home greeting shown', 'signInToHome'),
      row('JS until /home shown, cumulative (gzip)', 'homeJs', limits.home),
      row('JS prefetched on /home before the click', 'prefetchedOnHome'),
      row(`menu click → ${screen.path} shown, first visit`, 'screenCold'),
      row(`JS until ${screen.path} shown, cumulative`, 'screenJs', limits.firstScreen),
      row(`menu click → ${screen.path} shown, visited`, 'screenWarm', targets.warmRouteChangeMs),
      row('JS fetched by that route change', 'warmJs'),
      yardstickRow(antPro, 'Ant Design Pro 6.0.3 login: JS until usable (gzip)', 'loginJs'),
      yardstickRow(antPro, 'Ant Design Pro 6.0.3 login: first contentful paint', 'fcp'),
      yardstickRow(antPro, 'Ant Design Pro 6.0.3 login: password field usable', 'passwordUsable'),
      yardstickRow(reference, 'reference login page: JS until usable (gzip)', 'loginJs'),
      yardstickRow(reference, 'reference login page: first contentful paint', 'fcp'),
      yardstickRow(reference, 'reference login page: password field usable', 'passwordUsable'),
    ]),
  );
  const median = (values: readonly number[]) => summarize(values).median;
  const ours = (key: keyof YardstickFigures) => median(figures.map((run) => run[key]));
  const ratio = (mine: number, theirs: number, target?: number) =>
    `${(mine / theirs).toFixed(2)}×${target === undefined ? '' : ` (target ≤ ${target}×: ${mine / theirs <= target ? 'met' : 'not met'})`}`;
  const against = (runs: readonly YardstickFigures[], key: keyof YardstickFigures, target?: number) =>
    ratio(ours(key), median(runs.map((run) => run[key])), target);
  console.log(
    [
      '',
      'Ratios of medians, measured alternately in the same minutes:',
      `/user/login to Ant Design Pro 6.0.3's: password usable ${against(antPro, 'passwordUsable', ratioTargets.passwordUsable)}, ` +
        `first contentful paint ${against(antPro, 'fcp', ratioTargets.fcp)}, JS ${against(antPro, 'loginJs')}.`,
      `/user/login to the reference login page: password usable ${against(reference, 'passwordUsable')}, ` +
        `first contentful paint ${against(reference, 'fcp')}, JS ${against(reference, 'loginJs')}.`,
      `${screen.path}: a return to it to its first visit ${ratio(median(figures.map((run) => run.screenWarm)), median(figures.map((run) => run.screenCold)), ratioTargets.returnToCold)}.`,
    ].join('\n'),
  );

  const scripts = figures.flatMap((run) => run.scripts);
  const compressed = scripts.filter(wasCompressed).length;
  const medianOf = (key: FigureKey): number => Math.round(summarize(figures.map((run) => run[key])).median);
  console.log(
    [
      '',
      compressed === scripts.length
        ? 'JS KB: encoded body bytes as transferred (the server compressed every script).'
        : `JS KB: gzip -9 of each .js file the page fetched, computed here as npm run budgets does: the ` +
          `server sent ${scripts.length - compressed} of ${scripts.length} script responses uncompressed.`,
      'JS is counted by when its request started (Resource Timing), cumulative from the login page.',
      'Times run from the navigation start (login page) or from the click / Enter key as the browser got',
      'it, to just after the frame showing the element was painted. "usable": shown, and a keystroke has',
      "taken effect in the field (its input event, after the console's handlers once it has started). The",
      'server sends the sign-in page as HTML: its fields take keystrokes before the console has started,',
      'and the console\'s form takes over what was typed, focus, caret and a press of 登录 ("took over").',
      'Keystrokes go out from the moment the field is in the document (the page calls the benchmark), each',
      'once the page handled the one before; medians: in the ' +
        `document ${medianOf('passwordInDom')} ms, painted ${medianOf('passwordShown')} ms, first keystroke ` +
        `got by the browser ${medianOf('passwordKeySent')} ms, took effect ${medianOf('passwordTyped')} ms.`,
      `Screens: ${screen.path} (${screen.name}); the route change goes to ${other.path} (${other.name}) and back.`,
      'Reference login page: Vite, React 19 and antd 6 (Card, Form, Input.Password, Button) as the issue',
      'describes the lean page, built from scripts/bench/reference-login/ and measured the same way.',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const skipBuild = process.argv.includes('--no-build');
  if (skipBuild) console.log('--no-build: measuring dist/ as it is');
  else await buildConsole();
  const indexAtStart = await readFile('dist/index.html', 'utf8');

  const [screen, other] = firstMenuScreens();

  const dataDir = await mkdtemp(join(tmpdir(), 'cfop-bench-'));
  const logPath = join(dataDir, 'server.log');
  let server: RunningServer | undefined;
  let reference: LoginYardstick | undefined;
  let antPro: LoginYardstick | undefined;
  let browser: Browser | undefined;
  const cleanUp = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await reference?.close();
    await antPro?.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  let timedOut = false;
  const watchdog = setTimeout(() => {
    timedOut = true;
    console.error(`bench:web did not finish within ${deadlineMs / 1000} s; stopping.`);
    void cleanUp().finally(() => process.exit(1));
  }, deadlineMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }

  try {
    server = await startServer({ DATA_DIR: dataDir, CFOP_ADMIN_PASSWORD: benchAdmin.password }, logPath);
    reference = await startReferenceLogin(join(dataDir, 'reference-login'));
    if (!existsSync(join(antDesignProDist, 'index.html'))) {
      throw new Error(`Ant Design Pro's production build is not at ${antDesignProDist} (shared/anchors)`);
    }
    antPro = await serveLoginPage(antDesignProDist);
    browser = await launchChromium();
    console.log(
      `\nMachine\n${[...describeMachine(browser.version()), describeSources(), loadLine('before the runs')].join('\n')}`,
    );
    console.log(
      `\nCPU throttled ${cpuThrottlingRate}× (CDP Emulation.setCPUThrottlingRate), no network throttling, ` +
        `server on ${server.url}; ${warmUps} warm-up + ${runs} cold runs, each in a new browser context.\n`,
    );

    const gzip = new GzipSizes();
    const plan = {
      baseUrl: server.url,
      ...benchAdmin,
      cpuThrottlingRate,
      screen,
      other,
      actionTimeoutMs,
    };
    const figures: JourneyFigures[] = [];
    const referenceFigures: YardstickFigures[] = [];
    const antProFigures: YardstickFigures[] = [];
    for (let run = 1; run <= warmUps + runs; run += 1) {
      const result = await runJourney(browser, plan, gzip);
      const yardstick = await reference.run(browser, gzip, { cpuThrottlingRate, actionTimeoutMs });
      const antProRun = await antPro.run(browser, gzip, { cpuThrottlingRate, actionTimeoutMs });
      const warmUp = run <= warmUps;
      if (!warmUp) {
        figures.push(result);
        referenceFigures.push(yardstick);
        antProFigures.push(antProRun);
      }
      console.log(
        `${warmUp ? 'warm-up' : `run ${run - warmUps}`}: password usable ${Math.round(result.passwordUsable)} ms ` +
          `(Ant Design Pro ${Math.round(antProRun.passwordUsable)} ms, reference ${Math.round(yardstick.passwordUsable)} ms), home ${Math.round(result.signInToHome)} ms, ` +
          `screen ${Math.round(result.screenCold)} / ${Math.round(result.screenWarm)} ms`,
      );
    }
    if ((await readFile('dist/index.html', 'utf8')) !== indexAtStart) {
      throw new Error('dist/ was rebuilt while measuring, so runs mixed two builds: rerun');
    }
    console.log(`${loadLine('after the runs')}\n`);
    printReport(figures, referenceFigures, antProFigures, screen, other);
    const busy = busyWarning();
    if (busy) console.log(`\n${busy}`);
  } catch (error) {
    if (timedOut) return; // the watchdog reports and exits
    if ((await readFile('dist/index.html', 'utf8').catch(() => '')) !== indexAtStart) {
      console.error('dist/ was rebuilt while measuring (another build ran): rerun.');
    }
    const log = await readFile(logPath, 'utf8').catch(() => '');
    if (log) console.error(`server log (last lines):\n${log.split('\n').slice(-15).join('\n')}`);
    throw error;
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

await main();
