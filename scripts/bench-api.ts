/**
 * `npm run bench:api`: the AI server API over 100 000 rows. Seeds a temp data folder, starts the
 * real server on a free local port and times over HTTP the list (default order), a filtered list,
 * sorted lists and the CSV export, printing p50/p95 per case against the targets (list p95 < 50 ms),
 * and the resident memory during an export next to the size of the file, to show the export streams
 * (memory stays flat) instead of building the file in memory. Figures are printed, never asserted:
 * the exit code only says whether the run worked. Stops by itself (cleaning up) after `deadlineMs`.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { databaseFileName } from '../server/db/open-database';
import { apiBaseOf, benchHeaders, signInForBench, benchAdmin } from './bench/console-api';
import { closingLoadLines, loadLine } from './bench/machine';
import { percentile } from './bench/report';
import { withSeededApp } from './bench/seeded-app';

const rows = 100_000;
const warmUps = 10;
const listRuns = 200;
const exportRuns = 5;
const listTargetP95Ms = 50;
const deadlineMs = 5 * 60_000;

const listCases: readonly { readonly label: string; readonly query: string }[] = [
  { label: 'list, page 1 (default -createdAt)', query: '' },
  { label: 'list, page 2000', query: '?page=2000' },
  { label: 'filtered list (name contains)', query: `?name=${encodeURIComponent('服务器-4242')}` },
  { label: 'filtered list (equals + contains)', query: '?acceleratorType=NPU&status=online&location=3' },
  { label: 'sorted list (name)', query: '?sort=name' },
  { label: 'sorted list (-lastHeartbeatAt)', query: '?sort=-lastHeartbeatAt&page=50' },
  { label: 'sorted + filtered (-channelCapacity)', query: '?sort=-channelCapacity&ip=10.1.' },
];

function seed(dataDir: string): void {
  const sqlite = new SqliteDatabase(join(dataDir, databaseFileName));
  const types = ['NPU', 'GPU', 'CPU'];
  const insert = sqlite.prepare(
    `insert into ai_servers (name, serial_number, ip, port, hardware_model, accelerator_type, channel_capacity,
       software_version, location, status, last_heartbeat_at, cpu_load, memory_load, accelerator_load,
       ingest_key_hash, created_at, updated_at)
     values (?, ?, ?, ?, 'Atlas 500', ?, ?, '2.1.0', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  sqlite.transaction(() => {
    for (let n = 1; n <= rows; n += 1) {
      const online = n % 3 === 0;
      const at = new Date(start + n * 60_000).toISOString();
      insert.run(
        `AI服务器-${n}`,
        `SN-${String(n).padStart(6, '0')}`,
        `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        8000 + (n % 10),
        types[n % 3],
        [8, 16, 32, 64][n % 4],
        `${n % 50}号机房, 机柜 "${n % 7}"`,
        online ? 'online' : 'offline',
        online ? at : null,
        online ? n % 100 : null,
        online ? (n * 7) % 100 : null,
        online ? (n * 13) % 100 : null,
        createHash('sha256').update(String(n)).digest('hex'),
        at,
        at,
      );
    }
  })();
  sqlite.close();
}

async function timeList(base: string, headers: Record<string, string>, query: string) {
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < warmUps + listRuns; run += 1) {
    const started = performance.now();
    const response = await fetch(`${base}/aiservers${query}`, { headers });
    const body = (await response.json()) as { success: boolean; msg: string; data: { total: number } };
    if (!body.success) throw new Error(`list ${query} failed: ${body.msg}`);
    if (run >= warmUps) times.push(performance.now() - started);
    total = body.data.total;
  }
  return { times, total };
}

/** Reads the export as a client would, keeping only its size; samples this process's RSS meanwhile. */
async function timeExport(base: string, headers: Record<string, string>, query: string) {
  const times: number[] = [];
  let bytes = 0;
  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  try {
    for (let run = 0; run < exportRuns + 1; run += 1) {
      const started = performance.now();
      const response = await fetch(`${base}/aiservers/export${query}`, { headers });
      if (!response.ok || !response.body) throw new Error(`export failed: HTTP ${response.status}`);
      bytes = 0;
      const reader = response.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        bytes += chunk.value.byteLength;
      if (run > 0) times.push(performance.now() - started);
    }
  } finally {
    clearInterval(sampler);
  }
  return { times, bytes, rssGrowth: peakRss - baselineRss };
}

const mb = (value: number) => `${(value / 1024 ** 2).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const seedAndTime = (dataDir: string) => {
    const seedStarted = performance.now();
    seed(dataDir);
    console.log(`seeded ${rows.toLocaleString('en')} AI servers in ${ms(performance.now() - seedStarted)}`);
  };
  const settings = {
    name: 'bench:api',
    deadlineMs,
    adminPassword: benchAdmin.password,
    staticDir: (dataDir: string) => join(dataDir, 'no-console'),
    seed: seedAndTime,
  };
  await withSeededApp(settings, async ({ base: address }) => {
    const base = apiBaseOf(address);
    const headers = benchHeaders(await signInForBench(address, benchAdmin));

    console.log(loadLine('at the start'));
    console.log(`\n${'case'.padEnd(40)}${'p50'.padStart(10)}${'p95'.padStart(10)}   rows matched   target`);
    for (const { label, query } of listCases) {
      const { times, total } = await timeList(base, headers, query);
      const p95 = percentile(times, 95);
      const verdict = p95 < listTargetP95Ms ? 'p95 < 50 ms: yes' : 'p95 < 50 ms: NO';
      console.log(
        `${label.padEnd(40)}${ms(percentile(times, 50)).padStart(10)}${ms(p95).padStart(10)}   ${String(total).padStart(12)}   ${verdict}`,
      );
    }
    // Growing selections: a streamed export levels off at the runtime's own garbage headroom (V8's young
    // generation, some tens of MB) instead of growing with the file.
    const exports = [
      { label: 'export, 1/10 of the rows (CSV)', query: `?location=${encodeURIComponent('1号')}` },
      { label: 'export, 2/3 of the rows (CSV)', query: '?status=offline' },
      { label: `export, all ${rows.toLocaleString('en')} rows (CSV)`, query: '' },
    ];
    const memory: string[] = [];
    for (const { label, query } of exports) {
      const { times, bytes, rssGrowth } = await timeExport(base, headers, query);
      console.log(
        `${label.padEnd(40)}${ms(percentile(times, 50)).padStart(10)}${ms(percentile(times, 95)).padStart(10)}`,
      );
      memory.push(`${label}: file ${mb(bytes)}, peak RSS growth during the exports +${mb(rssGrowth)}`);
    }
    console.log(`\n${memory.join('\n')}`);
    console.log(
      `(${listRuns} timed calls per list case after ${warmUps} warm-ups; ${exportRuns} timed exports after one warm-up)`,
    );
    console.log(closingLoadLines());
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
