/**
 * `npm run bench:scale`: the console over a big estate, on SQLite and on PostgreSQL side by side.
 * Seeds 1,000,000 alerts over 30 days on 50 cameras and 100,000 rows per management resource (AI
 * servers, cameras, users, the operation log) straight into the database (fewer with --alerts= and
 * --rows=), once into a temp data folder's SQLite file and once into a throw-away PostgreSQL cluster,
 * starts the real server on each and times over HTTP the management lists (plain, filtered, with
 * "contains" filters), the alert wall (first page, a deep page, its filters) and the dashboard for
 * 24 h / 7 d / 30 d, printing p50/p95 of both against the targets (lists p95 < 50 ms, dashboard
 * p95 < 200 ms); then exports every alert as CSV, as the alert wall's export button asks, reading the
 * whole file: seconds, rows per second and the CPU per row of the server and of PostgreSQL (--cases=
 * picks the lists or the export). Figures are printed, never asserted: the exit code only says
 * whether the run worked.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../server/db/open-database';
import {
  postgresBinDir,
  startPostgresCluster,
  type PostgresCluster,
} from '../server/test-support/postgres-cluster';
import { timeZoneHeader } from '../src/generated/contract';
import { apiBaseOf, benchHeaders, signInForBench, benchAdmin } from './bench/console-api';
import { readCsvAnswer } from './bench/export-reader';
import { closingLoadLines, describeMachine, loadLine, mainThreadSchedule, treeCpuMs } from './bench/machine';
import {
  exportTable,
  scaleTable,
  type ExportRun,
  type ScaleDatabase,
  type ScaleRow,
  type ScaleRun,
} from './bench/scale-report';
import { seedScale, type ScalePlan } from './bench/scale-seed';
import { scaleSettings, type ScaleSettings } from './bench/scale-settings';
import { withSeededApp } from './bench/seeded-app';

const warmUps = 3;
const listTargetMs = 50;
const dashboardTargetMs = 200;
const deadlineMs = 90 * 60_000;
/** What the alert wall asks per page (src/pages/monitor/alerts/AlertPage.tsx). */
const wallPageSize = 100;

interface ScaleCase {
  readonly label: string;
  readonly path: string;
  readonly targetMs: number;
}

function casesOf(settings: ScaleSettings): ScaleCase[] {
  const list = (label: string, path: string): ScaleCase => ({ label, path, targetMs: listTargetMs });
  const wall = (query: string) => `/alerts?pageSize=${wallPageSize}${query}`;
  // A tenth of the way down the wall: page 1,000 of 100 (row 100,000) at a million alerts.
  const deepPage = Math.max(1, Math.floor(settings.alerts / wallPageSize / 10));
  const dashboard = (preset: string): ScaleCase => ({
    label: `dashboard, ${preset}`,
    path: `/analysis/operations?preset=${preset}&timeZone=Asia%2FShanghai`,
    targetMs: dashboardTargetMs,
  });
  const text = encodeURIComponent;
  return [
    list('AI servers, page 1', '/aiservers'),
    list('AI servers, name contains', `/aiservers?name=${text('服务器-4242')}`),
    list('AI servers, status + ip contains', '/aiservers?status=offline&ip=10.1.'),
    list('cameras, page 1', '/cameras'),
    list('cameras, name contains', `/cameras?name=${text('摄像头-777')}`),
    list('cameras, status + area contains', `/cameras?status=offline&area=${text('3号楼')}`),
    list('users, page 1', '/users'),
    list('users, name contains', `/users?name=${text('员工123')}`),
    list('users, phone contains', '/users?phone=0004242'),
    list('operation log, page 1', '/operation-logs'),
    list('operation log, username contains', '/operation-logs?username=user-42'),
    list(
      'operation log, result + action contains',
      `/operation-logs?result=failure&actionName=${text('告警')}`,
    ),
    list('alert wall, first page', wall('')),
    list(`alert wall, page ${deepPage.toLocaleString('en')}`, wall(`&page=${deepPage}`)),
    list('alert wall, level + status', wall('&level=critical&status=pending')),
    list('alert wall, label contains', wall(`&label=${text('吸烟')}`)),
    list('alert wall, rare label contains', wall(`&label=${text('明火')}`)),
    list('alert wall, camera + status', wall('&cameraId=7&status=pending')),
    list('alert wall, last 24 h, pending', wall(`&status=pending&from=${text(hoursAgo(24))}`)),
    dashboard('last24h'),
    dashboard('last7d'),
    dashboard('last30d'),
  ];
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

async function timeCase(base: string, headers: Record<string, string>, path: string, runs: number) {
  const times: number[] = [];
  let matched: number | null = null;
  let capped = false;
  for (let run = 0; run < warmUps + runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    const body = (await response.json()) as {
      success: boolean;
      msg: string;
      data: { total?: number; totalCapped?: boolean };
    };
    if (!body.success) throw new Error(`${path} failed: ${body.msg}`);
    if (run >= warmUps) times.push(performance.now() - started);
    matched = body.data.total ?? null;
    capped = body.data.totalCapped === true;
  }
  return { times, matched, capped };
}

/**
 * Exports every alert (the wall's export with no filter, in its default order, times in the
 * operator's zone) and reads the whole file in a process of its own, so that the CPU time this
 * process uses meanwhile is the server's. `databasePid`: PostgreSQL's postmaster, whose processes'
 * CPU time is the database's.
 */
async function timeExport(
  base: string,
  headers: Record<string, string>,
  databasePid: number | undefined,
): Promise<ExportRun> {
  const cpuBefore = process.cpuUsage();
  const threadBefore = mainThreadSchedule();
  const databaseBefore = treeCpuMs(databasePid);
  const read = await readCsvAnswer(`${base}/alerts/export`, {
    ...headers,
    [timeZoneHeader]: 'Asia/Shanghai',
  });
  const cpu = process.cpuUsage(cpuBefore);
  const thread = mainThreadSchedule();
  if (read.status !== 200) throw new Error(`/alerts/export answered ${read.status}`);
  const runningMs = thread.runningMs - threadBefore.runningMs;
  const queuedMs = thread.queuedMs - threadBefore.queuedMs;
  return {
    ms: read.ms,
    records: read.records,
    bytes: read.bytes,
    serverCpuMs: (cpu.user + cpu.system) / 1000,
    serverQueuedMs: queuedMs,
    // The thread's times also cover the reader's start, which the read's own time does not.
    serverWaitingMs: Math.max(0, read.ms - runningMs - queuedMs),
    databaseCpuMs: databasePid === undefined ? null : treeCpuMs(databasePid) - databaseBefore,
  };
}

const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/** A database's results: each list case's by label, and the export's when it ran. */
interface Measured {
  readonly lists: Map<string, ScaleRun>;
  export?: ExportRun;
}

/** The PostgreSQL database a run uses, and its postmaster's pid; none for the data folder's SQLite file. */
interface PostgresDatabase {
  readonly url: string;
  readonly pid: number;
}

/** Seeds one database, serves it and times every case the settings pick. */
async function measureOn(
  database: ScaleDatabase,
  settings: ScaleSettings,
  cases: readonly ScaleCase[],
  postgres: PostgresDatabase | undefined,
): Promise<Measured> {
  const results: Measured = { lists: new Map() };
  const databaseUrl = postgres?.url;
  const plan: ScalePlan = {
    alerts: settings.alerts,
    rowsPerResource: settings.rowsPerResource,
    cameras: 50,
    aiServers: 5,
    days: 30,
    end: new Date(),
  };
  const seed = async (dataDir: string) => {
    const started = performance.now();
    const db = await openDatabase(dataDir, databaseUrl);
    try {
      await seedScale(db, plan);
    } finally {
      await db.destroy();
    }
    console.log(
      `${database}: seeded ${plan.alerts.toLocaleString('en')} alerts and ` +
        `${plan.rowsPerResource.toLocaleString('en')} rows × 4 resources in ${seconds(started)}`,
    );
  };
  const run = {
    name: `bench-scale-${database.toLowerCase()}`,
    deadlineMs,
    adminPassword: benchAdmin.password,
    staticDir: (dataDir: string) => join(dataDir, 'no-console'),
    app: { databaseUrl },
    seed,
  };
  await withSeededApp(run, async ({ base: address }) => {
    const base = apiBaseOf(address);
    const headers = benchHeaders(await signInForBench(address, benchAdmin));
    if (settings.parts.includes('lists')) {
      const started = performance.now();
      for (const { label, path } of cases)
        results.lists.set(label, await timeCase(base, headers, path, settings.runs));
      console.log(`${database}: timed ${cases.length} cases in ${seconds(started)}; ${loadLine('after')}`);
    }
    if (settings.parts.includes('export')) {
      results.export = await timeExport(base, headers, postgres?.pid);
      console.log(`${database}: exported the alerts; ${loadLine('after')}`);
    }
  });
  return results;
}

async function withPostgresDatabase<T>(measure: (database: PostgresDatabase) => Promise<T>): Promise<T> {
  const cluster: PostgresCluster = await startPostgresCluster();
  const stop = () => cluster.stop();
  process.once('exit', stop);
  try {
    const client = new pg.Client({ connectionString: cluster.url('postgres') });
    await client.connect();
    await client.query('create database cfop_scale').finally(() => client.end());
    return await measure({ url: cluster.url('cfop_scale'), pid: cluster.pid });
  } finally {
    process.removeListener('exit', stop);
    stop();
  }
}

async function main(): Promise<void> {
  const settings = scaleSettings(process.argv.slice(2), process.env);
  const cases = casesOf(settings);
  const postgresVersion = settings.databases.includes('PostgreSQL')
    ? execFileSync(join(postgresBinDir(), 'postgres'), ['--version'], { encoding: 'utf8' }).trim()
    : 'not run';
  console.log(`bench:scale, ${new Date().toISOString()}`);
  console.log(
    [
      ...describeMachine(),
      `database  SQLite (better-sqlite3), ${postgresVersion} (fsync off)`,
      loadLine('before'),
    ].join('\n'),
  );
  console.log(
    `seed      ${settings.alerts.toLocaleString('en')} alerts over 30 days on 50 cameras, ` +
      `${settings.rowsPerResource.toLocaleString('en')} rows per management resource\n`,
  );
  const rows = new Map<string, Partial<Record<ScaleDatabase, ScaleRun>>>();
  const exports: Partial<Record<ScaleDatabase, ExportRun>> = {};
  for (const database of settings.databases) {
    const results =
      database === 'SQLite'
        ? await measureOn(database, settings, cases, undefined)
        : await withPostgresDatabase((postgres) => measureOn(database, settings, cases, postgres));
    for (const [label, result] of results.lists) rows.set(label, { ...rows.get(label), [database]: result });
    if (results.export) exports[database] = results.export;
  }
  if (settings.parts.includes('lists')) {
    const table: ScaleRow[] = cases.map(({ label, targetMs }) => ({
      label,
      targetMs,
      runs: rows.get(label) ?? {},
    }));
    console.log(`\n${scaleTable(table)}`);
    console.log(`\n(${settings.runs} timed calls per case after ${warmUps} warm-ups, one at a time)`);
  }
  if (settings.parts.includes('export')) {
    console.log(`\n${exportTable(exports)}`);
    console.log(
      '\n(one export of every alert, read whole by a process of its own; server waiting: the time its ' +
        'thread neither ran nor waited for a core, mostly waiting on the database; queued: ready but ' +
        'waiting for a core other work held)',
    );
  }
  console.log(closingLoadLines());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
