/**
 * `npm run bench:ingest [-- --setup sqlite,postgres,two --servers 8 --seconds 20 --profile <dir>]`:
 * alerts from many AI servers at once, on three setups, one after the other (all by default):
 * `sqlite`, the real server (server/main.ts, its own process) on a temporary data folder;
 * `postgres`, one server on a throw-away PostgreSQL cluster; `two`, two servers on one PostgreSQL
 * database and one data folder behind Debian's nginx with the deploy's site (both PostgreSQL setups
 * are server/test-support/server-estate.ts). Each registers N AI servers with a camera each, opens
 * the alert wall signed in, in headless Chromium (through nginx on `two`), then has every server
 * report alerts with a ~50 KB JPEG snapshot in one call each (ingestAlertWithSnapshot; on `two` half
 * the boxes to each server), from a client process of their own, as fast as the servers answer, for
 * a fixed time after a few seconds of the same load not counted (the servers' start-up compiling),
 * with a deliberate replay of an earlier sourceId now and then. Prints per setup accepted alerts/s,
 * ingest p50/p95, alert-to-page and alert-to-wall p95 (from the request's start to the alert's event
 * on the page's live stream, and to the wall's render that shows it, all read from Date.now() on
 * this machine), the CPU time per alert of the servers and of PostgreSQL, and whether what is stored
 * is what was acknowledged; then the setups side by side with the targets. `--profile` writes the
 * servers' CPU profiles and the page's (page.cpuprofile) in a folder per setup there. Figures are
 * printed, never asserted. Needs a built console in dist/ (`npm run build`).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { must, signIn, type ConsoleApi } from '../demo/console-api';
import { databaseFileName } from '../server/db/open-database';
import { packName } from '../server/files/file-keys';
import { filesDir, incomingDir } from '../server/files/file-store';
import { postgresBinDir } from '../server/test-support/postgres-cluster';
import { startEstate } from '../server/test-support/server-estate';
import { appSettings } from '../src/generated/settings';
import { aiServerClient, testPatternJpeg, type AlertDetection } from '../test-support/ai-server-client';
import { launchChromium } from '../test-support/chromium';
import { startServer } from '../test-support/server-process';
import type { ClientPlan, ClientTally } from './bench/ingest-client';
import { scrapeServers } from './bench/server-metrics';
import {
  busyWarning,
  cpuMsOf,
  describeMachine,
  descendantsCpuMs,
  loadLine,
  machineBusyMs,
  treeCpuMs,
} from './bench/machine';
import {
  ingestTable,
  ingestTargets,
  setupNames,
  setupsOf,
  type IngestFigures,
  type IngestSetup,
} from './bench/ingest-report';
import { percentile } from './bench/report';
import { benchAdmin } from './bench/console-api';

const snapshotBytes = 50 * 1024;
/** Every this many reports, a server sends an earlier report again, as a box retrying after a time-out. */
const replayEvery = 25;
/** How long the wall may take to show the last alerts after the last answer. */
const settleMs = 3_000;
/**
 * The same load before the measured time, not counted: a fresh server (and page) spends its first
 * seconds compiling its hot code, a start-up cost a site's server, running for months, does not pay.
 */
const warmUpMs = 5_000;
const usage =
  'usage: npm run bench:ingest -- [--setup sqlite,postgres,two] [--servers <n>] [--seconds <s>] [--profile <dir>]';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index < 0 ? fallback : Number(process.argv[index + 1]);
  if (!(value > 0)) throw new Error(usage);
  return value;
}

function textOption(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (!value || value.startsWith('--')) throw new Error(usage);
  return value;
}

/** A detection on the camera, now. */
function alertOf(cameraId: number): AlertDetection {
  return {
    cameraId,
    label: '人员闯入',
    level: 'high',
    confidence: 0.9,
    boxes: [{ x: 0.4, y: 0.3, width: 0.2, height: 0.5, label: '人员闯入', confidence: 0.9 }],
    occurredAt: new Date().toISOString(),
  };
}

/** The AI servers' client process (scripts/bench/ingest-client.ts), waiting for its plan. */
function forkClients(): ChildProcess {
  return fork(join(import.meta.dirname, 'bench', 'ingest-client.ts'), { execArgv: ['--import', 'tsx'] });
}

/** Runs the client process on the plan; its tally. */
function runClients(child: ChildProcess, plan: ClientPlan): Promise<ClientTally> {
  return new Promise((resolve, reject) => {
    child.once('message', (tally) => resolve(tally as ClientTally));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the client process exited with code ${code}`)));
    child.send(plan);
  });
}

/** A test-pattern JPEG padded after its end marker to `snapshotBytes`, as a camera frame weighs. */
async function snapshot(second: number): Promise<Buffer> {
  const jpeg = await testPatternJpeg(second);
  return jpeg.length >= snapshotBytes
    ? jpeg
    : Buffer.concat([jpeg, Buffer.alloc(snapshotBytes - jpeg.length)]);
}

/** N AI servers, each with one camera bound to it; their ingest keys and camera ids. */
async function registerServers(api: ConsoleApi, count: number) {
  const servers: { key: string; cameraId: number }[] = [];
  for (let n = 1; n <= count; n += 1) {
    const created = await must(
      api.client.POST('/aiservers', {
        body: {
          name: `压测盒子-${n}`,
          serialNumber: `BENCH-${n}`,
          ip: `10.9.0.${n}`,
          port: 8000,
          acceleratorType: 'NPU',
          channelCapacity: 16,
        },
      }),
    );
    const camera = await must(
      api.client.POST('/cameras', {
        body: {
          name: `压测摄像头-${n}`,
          code: `BENCH-CAM-${n}`,
          area: '压测园区',
          mainStreamUrl: `rtsp://10.9.1.${n}:554/main`,
          vendor: 'hikvision',
          ip: `10.9.1.${n}`,
          aiServerId: created.server.id,
        },
      }),
    );
    servers.push({ key: created.ingestKey, cameraId: camera.id });
  }
  return servers;
}

/**
 * Set up in the page before the console loads: the time (Date.now()) each alert reaches the page on
 * the console's own event stream (its fetch is teed, read here as well as by the console), by alert id.
 */
const watchStream = String.raw`(() => {
  const arrived = {};
  window.__arrived = arrived;
  const fetchOfPage = window.fetch;
  window.fetch = async (...args) => {
    const answer = await fetchOfPage(...args);
    if (!String(args[0]).includes('/events/stream') || !answer.body) return answer;
    const [forConsole, forBench] = answer.body.tee();
    (async () => {
      const decoder = new TextDecoder();
      let text = '';
      for (const reader = forBench.getReader(); ; ) {
        const { done, value } = await reader.read();
        if (done) return;
        const now = Date.now();
        text += decoder.decode(value, { stream: true });
        const events = text.split('\n\n');
        text = events.pop();
        for (const event of events) {
          const lines = event.split('\n');
          // The stream carries status events as well; only alerts are timed.
          if (!lines.includes('event: alert')) continue;
          const data = lines.find((line) => line.startsWith('data: '));
          const id = data && JSON.parse(data.slice(6)).id;
          if (id !== undefined && !(id in arrived)) arrived[id] = now;
        }
      }
    })();
    return new Response(forConsole, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  };
})()`;

/**
 * Run in the page: each render of the wall's cards, as [Date.now(), the newest alert id it added].
 * The wall is virtualised (only the rows in view are in the DOM) and shows a burst newest first, so
 * most cards of a burst are never added; an alert is on the wall from the first render adding a card
 * as new as it or newer (ids grow with revisions, so that render merged its batch).
 */
const watchWall = String.raw`(() => {
  const rows = document.querySelector('.cfop-alert-wall-rows');
  if (!rows) throw new Error('no alert wall');
  const renders = [];
  window.__renders = renders;
  new MutationObserver((records) => {
    let newest = 0;
    for (const record of records)
      for (const node of record.addedNodes) {
        const id = Number(node.getAttribute && node.getAttribute('data-alert-id'));
        if (id > newest) newest = id;
      }
    if (newest > 0) renders.push([Date.now(), newest]);
  }).observe(rows, { childList: true });
})()`;

/** Starts the page's CPU profile (its main thread's JavaScript, with layout and paint as "(program)"); answers its end. */
async function startPageProfile(page: Page): Promise<() => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile;
}

/** When each alert reached the page and the wall, from what the page recorded. */
function wallTimes(arrived: Record<string, number>, renders: readonly [number, number][]) {
  return (id: number): { page?: number; wall?: number } => {
    const page = arrived[id];
    if (page === undefined) return {};
    const render = renders.find(([at, newest]) => newest >= id && at >= page);
    return { page, wall: render?.[0] };
  };
}

/** Runs a statement counting or listing rows on the setup's database. */
type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** What the data folder and the database hold after the servers stopped. */
interface Stored {
  readonly alerts: number;
  readonly snapshots: number;
  readonly distinctSnapshots: number;
  readonly filesOnDisk: number;
  readonly packs: number;
  readonly leftIncoming: number;
}

/**
 * What the data folder holds: alert rows, snapshot rows, snapshots whose bytes are on disk (a file of
 * their own, or their place in a pack long enough to hold them) and uploads left half-way.
 */
async function stored(dataDir: string, query: Query): Promise<Stored> {
  // PostgreSQL answers count(*) and bigint columns as strings.
  const count = async (sql: string) => Number((await query(sql))[0]?.n);
  const rows = (await query('select id, size, pack, pack_offset as "offset" from files')).map((row) => ({
    id: Number(row.id),
    size: Number(row.size),
    pack: row.pack === null ? null : String(row.pack),
    offset: Number(row.offset),
  }));
  const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : -1);
  const packSizes = new Map<string, number>();
  const onDisk = rows.filter(({ id, size, pack, offset }) => {
    if (pack === null) return sizeOf(join(filesDir(dataDir), String(id))) === size;
    if (!packSizes.has(pack)) packSizes.set(pack, sizeOf(join(filesDir(dataDir), packName(pack))));
    return (packSizes.get(pack) ?? -1) >= offset + size;
  });
  const incoming = incomingDir(dataDir);
  return {
    alerts: await count('select count(*) as n from alerts'),
    snapshots: await count("select count(*) as n from files where kind = 'uploadAlertSnapshot'"),
    distinctSnapshots: await count('select count(distinct snapshot_file_id) as n from alerts'),
    filesOnDisk: onDisk.length,
    packs: packSizes.size,
    leftIncoming: existsSync(incoming) ? readdirSync(incoming).length : 0,
  };
}

/** A setup running: where the browser and the boxes go, whose CPU time is counted, what it stored. */
interface Deployment {
  /** Where the browser opens the console (and the bench registers the boxes). */
  readonly consoleUrl: string;
  /** The console servers the boxes report to: box n to the (n mod length)th. */
  readonly ingestUrls: readonly string[];
  readonly serverPids: readonly (number | undefined)[];
  /** PostgreSQL's postmaster and nginx's master, counted apart from the browser; none on SQLite. */
  readonly databasePid?: number;
  readonly nginxPid?: number;
  /** Stops the console servers, so all they acknowledged is written, and counts what is stored. */
  stopServersAndCount(): Promise<Stored>;
  /** Stops what still runs and removes its files. */
  stop(): Promise<void>;
}

/** The bench's settings for every server, beyond where its data goes. */
const serverEnv = {
  CFOP_ADMIN_PASSWORD: benchAdmin.password,
  // The bench measures the server, not the per-server quotas that protect it from one box.
  CFOP_INGEST_ALERTS_PER_SECOND: '100000',
  CFOP_INGEST_ALERT_BURST: '1000000',
  CFOP_INGEST_SNAPSHOT_MB_PER_HOUR: '1000000',
  // As `npm start` runs the server: each batch of alerts syncs its snapshots at once, in parallel.
  UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '32',
};

const profileArgs = (profileDir: string | undefined) =>
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

/** One server (server/main.ts) on a temporary data folder's SQLite file, as `npm start` runs it. */
async function startOnSqlite(profileDir: string | undefined): Promise<Deployment> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cfop-bench-ingest-'));
  const server = await startServer(
    { ...serverEnv, DATA_DIR: dataDir },
    join(dataDir, 'server.log'),
    process.cwd(),
    profileArgs(profileDir),
  ).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    consoleUrl: server.url,
    ingestUrls: [server.url],
    serverPids: [server.pid],
    async stopServersAndCount() {
      await server.stop();
      const sqlite = new SqliteDatabase(join(dataDir, databaseFileName), { readonly: true });
      try {
        return await stored(dataDir, async (sql) => sqlite.prepare(sql).all() as Record<string, unknown>[]);
      } finally {
        sqlite.close();
      }
    },
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test estate (server/test-support/server-estate.ts): a throw-away PostgreSQL cluster, two
 * servers on one data folder and nginx with the deploy's site. With `servers: 1` the second is
 * stopped once the estate is up, and the browser goes straight to the first, as on SQLite; with 2
 * the browser goes through nginx and half the boxes report to each server.
 */
async function startOnPostgres(servers: 1 | 2, profileDir: string | undefined): Promise<Deployment> {
  const estate = await startEstate({
    env: serverEnv,
    logStatements: false,
    nodeArgs: profileArgs(profileDir),
  });
  const [a, b] = estate.servers;
  try {
    if (servers === 1) await b.stop();
  } catch (error) {
    await estate.stop();
    throw error;
  }
  const running = servers === 1 ? [a] : [a, b];
  return {
    consoleUrl: servers === 1 ? a.url : estate.url,
    ingestUrls: running.map(({ url }) => url),
    serverPids: running.map(({ pid }) => pid),
    databasePid: estate.pids.database,
    nginxPid: estate.pids.nginx,
    async stopServersAndCount() {
      for (const server of running) await server.stop();
      const client = new pg.Client({ connectionString: estate.databaseUrl });
      await client.connect();
      try {
        return await stored(estate.dataDir, async (sql) => (await client.query(sql)).rows);
      } finally {
        await client.end();
      }
    },
    stop: () => estate.stop(),
  };
}

function deploy(setup: IngestSetup, profileDir: string | undefined): Promise<Deployment> {
  if (setup === 'sqlite') return startOnSqlite(profileDir);
  return startOnPostgres(setup === 'two' ? 2 : 1, profileDir);
}

interface BenchSettings {
  readonly servers: number;
  readonly seconds: number;
  /** Where this setup's CPU profiles go (the servers' and page.cpuprofile); none without --profile. */
  readonly profileDir: (setup: IngestSetup) => string | undefined;
}

/** Runs the load on one setup; prints its figures in full, and answers those the table compares. */
async function measure(
  setup: IngestSetup,
  settings: BenchSettings,
  browser: Browser,
): Promise<IngestFigures> {
  const { servers, seconds } = settings;
  const profileDir = settings.profileDir(setup);
  const deployment = await deploy(setup, profileDir);
  try {
    const base = deployment.consoleUrl;
    const api = await signIn(base, benchAdmin.username, benchAdmin.password);
    const boxes = (await registerServers(api, servers)).map((box, n) => ({
      ...box,
      base: deployment.ingestUrls[n % deployment.ingestUrls.length] as string,
    }));
    const frames = await Promise.all([0, 1, 2, 3].map(snapshot));
    const context = await browser.newContext({
      baseURL: base,
      locale: 'zh-CN',
      viewport: { width: 1600, height: 900 },
    });
    await context.addInitScript(({ key, token }) => localStorage.setItem(key, token), {
      key: appSettings.tokenKey,
      token: api.token,
    });
    await context.addInitScript(watchStream);
    const page = await context.newPage();
    await page.goto('/monitor/ai');
    await page.getByText('实时推送中').waitFor();
    // An empty wall has no rows to watch: one alert first, stored like the rest.
    const first = boxes[0] as (typeof boxes)[number];
    const warmUp = await aiServerClient(first.base, first.key).reportWithSnapshot(
      { ...alertOf(first.cameraId), sourceId: 'bench-warm-up' },
      frames[0] as Buffer,
    );
    await page.locator(`.cfop-alert-wall-rows > [data-alert-id="${warmUp.id}"]`).waitFor();
    await page.evaluate(watchWall);
    const pageProfile = profileDir ? await startPageProfile(page) : null;

    const via =
      deployment.ingestUrls.length > 1
        ? `, the boxes split over ${deployment.ingestUrls.length} servers, the browser through nginx`
        : '';
    console.log(`\n${setupNames[setup]}${via}\n${loadLine('before')}`);
    const clients = forkClients();
    const { serverPids, databasePid, nginxPid } = deployment;
    const serversCpuMs = () => serverPids.reduce<number>((sum, pid) => sum + cpuMsOf(pid), 0);
    // The browser's processes: all this one started but the servers, the clients, the database and nginx.
    const browserCpuMs = () => descendantsCpuMs([...serverPids, clients.pid, databasePid, nginxPid]);
    const databaseCpuMs = () => treeCpuMs(databasePid);
    const nginxCpuMs = () => treeCpuMs(nginxPid);
    const planUntil = (sourcePrefix: string, until: number): ClientPlan => ({
      servers: boxes,
      frames: frames.map((frame) => frame.toString('base64')),
      until,
      replayEvery,
      sourcePrefix,
    });
    const warmUpTally = await runClients(clients, planUntil('bench-warm', Date.now() + warmUpMs));
    const started = Date.now();
    const serverCpuBefore = serversCpuMs();
    const browserCpuBefore = browserCpuMs();
    const databaseCpuBefore = databaseCpuMs();
    const nginxCpuBefore = nginxCpuMs();
    const machineBefore = machineBusyMs();
    const benchBefore = process.cpuUsage();
    const tally = await runClients(clients, planUntil('bench', started + seconds * 1000));
    clients.disconnect();
    const elapsedS = (Date.now() - started) / 1000;
    const serverCpuMs = serversCpuMs() - serverCpuBefore;
    const browserMs = browserCpuMs() - browserCpuBefore;
    const databaseMs = databaseCpuMs() - databaseCpuBefore;
    const nginxMs = nginxCpuMs() - nginxCpuBefore;
    const { user, system } = process.cpuUsage(benchBefore);
    const otherMs =
      machineBusyMs() -
      machineBefore -
      serverCpuMs -
      databaseMs -
      nginxMs -
      browserMs -
      tally.cpuMs -
      (user + system) / 1000;
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    if (profileDir && pageProfile) {
      // The servers write their own there as they exit, after this.
      await mkdir(profileDir, { recursive: true });
      await writeFile(join(profileDir, 'page.cpuprofile'), JSON.stringify(await pageProfile()));
    }
    const timesOf = wallTimes(
      (await page.evaluate('window.__arrived')) as Record<string, number>,
      (await page.evaluate('window.__renders')) as [number, number][],
    );
    await context.close();
    const pageMs: number[] = [];
    const wallMs: number[] = [];
    for (const [id, at] of tally.accepted) {
      const { page: reached, wall } = timesOf(id);
      if (reached !== undefined) pageMs.push(reached - at);
      if (wall !== undefined) wallMs.push(wall - at);
    }
    console.log(
      ['what /metrics says after the load', ...(await scrapeServers(deployment.ingestUrls))].join('\n'),
    );
    const onDisk = await deployment.stopServersAndCount();

    const accepted = tally.accepted.length;
    const perAlert = (cpuMs: number) => cpuMs / Math.max(1, accepted);
    const ingestMs = tally.accepted.map(([, , answeredMs]) => answeredMs);
    // And the first alert, and those of the warm-up.
    const expected = accepted + 1 + warmUpTally.accepted.length;
    const rate = accepted / elapsedS;
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const p95 = percentile(wallMs, 95);
    const cores = (cpuMs: number) => (cpuMs / 1000 / elapsedS).toFixed(2);
    const refused =
      Object.entries(tally.refused)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ') || 'none';
    const storedAsAcknowledged =
      onDisk.alerts === expected &&
      onDisk.snapshots === expected &&
      onDisk.distinctSnapshots === expected &&
      onDisk.filesOnDisk === expected &&
      onDisk.leftIncoming === 0 &&
      tally.replaysAnsweredFirst === tally.replays &&
      warmUpTally.replaysAnsweredFirst === warmUpTally.replays &&
      Object.keys(warmUpTally.refused).length === 0;
    const serversNamed = serverPids.length === 1 ? 'server' : `${serverPids.length} servers`;
    console.log(
      [
        `accepted alerts/s   ${rate.toFixed(0)}  (${accepted} new alerts in ${elapsedS.toFixed(1)} s; target ≥ ${ingestTargets.alertsPerSecond} on 2 servers: ${rate >= ingestTargets.alertsPerSecond ? 'yes' : 'NO'})`,
        `ingest              p50 ${ms(percentile(ingestMs, 50))}, p95 ${ms(percentile(ingestMs, 95))} (request start → answer, ${servers} servers at once)`,
        `alert → page        p95 ${ms(percentile(pageMs, 95))}, p50 ${ms(percentile(pageMs, 50))} (request start → its event on the page's live stream; ${pageMs.length} of ${accepted} arrived)`,
        `alert → wall        p95 ${ms(p95)}, p50 ${ms(percentile(wallMs, 50))} (→ the render that put it on the wall; ${wallMs.length} of ${accepted} shown; target p95 < ${ingestTargets.wallP95Ms} ms: ${p95 < ingestTargets.wallP95Ms && wallMs.length === accepted ? 'yes' : 'NO'})`,
        `server CPU          ${perAlert(serverCpuMs).toFixed(2)} ms per alert (the ${serversNamed} ${cores(serverCpuMs)} of ${availableParallelism()} cores; the client process ${perAlert(tally.cpuMs).toFixed(2)} ms per alert, the browser ${perAlert(browserMs).toFixed(2)} ms)`,
        ...(databasePid === undefined
          ? []
          : [
              `database CPU        ${perAlert(databaseMs).toFixed(2)} ms per alert (PostgreSQL, ${cores(databaseMs)} of ${availableParallelism()} cores; nginx ${perAlert(nginxMs).toFixed(2)} ms)`,
            ]),
        `other work          ${(Math.max(0, otherMs) / 1000 / elapsedS).toFixed(2)} of ${availableParallelism()} cores (the machine's busy time while the clients ran, less the bench's own processes)`,
        `refused             ${refused}`,
        `replays             ${tally.replays} sent, ${tally.replaysAnsweredFirst} answered with the first alert`,
        `stored              ${onDisk.alerts} alerts, ${onDisk.snapshots} snapshot rows (${onDisk.distinctSnapshots} named by alerts), ${onDisk.filesOnDisk} on disk (${onDisk.packs} packs), ${onDisk.leftIncoming} uploads left half-way`,
        `stored = acknowledged: ${storedAsAcknowledged ? 'yes' : 'NO'} (${expected} acknowledged, the first alert and the warm-up's included)`,
        loadLine('after'),
      ].join('\n'),
    );
    return {
      setup,
      alertsPerSecond: rate,
      ingestP50Ms: percentile(ingestMs, 50),
      ingestP95Ms: percentile(ingestMs, 95),
      wallP95Ms: p95,
      wallShowedAll: wallMs.length === accepted,
      storedAsAcknowledged,
      serverCpuMsPerAlert: perAlert(serverCpuMs),
      databaseCpuMsPerAlert: databasePid === undefined ? null : perAlert(databaseMs),
    };
  } finally {
    await deployment.stop();
  }
}

async function main(): Promise<void> {
  const setups = setupsOf(textOption('setup'));
  const profileDir = textOption('profile');
  const settings: BenchSettings = {
    servers: option('servers', 32),
    seconds: option('seconds', 20),
    // Each setup's own folder: every setup writes a page.cpuprofile.
    profileDir: (setup) => (profileDir === undefined ? undefined : join(profileDir, setup)),
  };
  if (!existsSync('dist/index.html'))
    throw new Error('dist/ has no built console: run `npm run build` first');
  const browser = await launchChromium();
  try {
    console.log(`\nMachine\n${[...describeMachine(browser.version()), loadLine('before')].join('\n')}`);
    if (setups.some((setup) => setup !== 'sqlite'))
      console.log(
        `database  ${execFileSync(join(postgresBinDir(), 'postgres'), ['--version'], { encoding: 'utf8' }).trim()} (fsync off), nginx with deploy/nginx/cfop.conf`,
      );
    console.log(
      `${settings.servers} AI servers × ${settings.seconds} s after ${warmUpMs / 1000} s of the same load not counted, one call ` +
        `per alert with a ${snapshotBytes / 1024} KB JPEG, every ${replayEvery}th call a replay of an earlier sourceId`,
    );
    const figures: IngestFigures[] = [];
    for (const setup of setups) figures.push(await measure(setup, settings, browser));
    console.log(`\n${ingestTable(figures)}`);
    const busy = busyWarning();
    if (busy) console.log(busy);
  } finally {
    await browser.close().catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
