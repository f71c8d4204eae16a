import { alignColumns, percentile } from './report';

/** The databases the scale benchmark runs on, in the order of the table's columns. */
export const scaleDatabases = ['SQLite', 'PostgreSQL'] as const;
export type ScaleDatabase = (typeof scaleDatabases)[number];

/** One case's timings (ms) on one database, and the rows it matched (the list's total; null for the dashboard). */
export interface ScaleRun {
  readonly times: readonly number[];
  readonly matched: number | null;
  /** The list counted no further than its cap: more rows than `matched` match. */
  readonly capped?: boolean;
}

/** One case's runs on each database it ran on. */
export interface ScaleRow {
  readonly label: string;
  /** p95 must stay under it (ms). */
  readonly targetMs: number;
  readonly runs: Partial<Record<ScaleDatabase, ScaleRun>>;
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);

/** Whether every database's p95 met the target: `yes`, `NO (SQLite)`, `—` when none ran. */
export function verdictOf(row: ScaleRow): string {
  const ran = scaleDatabases.filter((name) => row.runs[name] !== undefined);
  if (ran.length === 0) return '—';
  const missed = ran.filter((name) => !(percentile(row.runs[name]?.times ?? [], 95) < row.targetMs));
  return missed.length === 0 ? 'yes' : `NO (${missed.join(', ')})`;
}

/**
 * Both databases side by side: p50 and p95 of each, the rows the case matched (the list's total),
 * the target and whether both met it.
 */
export function scaleTable(rows: readonly ScaleRow[]): string {
  const header = [
    'case',
    ...scaleDatabases.flatMap((name) => [`${name} p50`, `${name} p95`]),
    'matched',
    'target p95',
    'met?',
  ];
  const body = rows.map((row) => {
    const run = scaleDatabases.map((name) => row.runs[name]).find((one) => one !== undefined);
    const matched = run?.matched ?? null;
    return [
      row.label,
      ...scaleDatabases.flatMap((name) => {
        const times = row.runs[name]?.times ?? [];
        return [ms(percentile(times, 50)), ms(percentile(times, 95))];
      }),
      matched === null ? '—' : `${matched.toLocaleString('en')}${run?.capped ? '+' : ''}`,
      `< ${row.targetMs} ms`,
      verdictOf(row),
    ];
  });
  return alignColumns([header, ...body]);
}

/** One export of every alert on one database, read whole by a reader of its own. */
export interface ExportRun {
  /** From the request to the answer's last byte. */
  readonly ms: number;
  readonly records: number;
  readonly bytes: number;
  /** The server process's CPU time meanwhile, all its threads (SQLite's work included: it runs inside). */
  readonly serverCpuMs: number;
  /** Of `ms`, how long the server's JavaScript thread neither ran nor was ready to: waiting on PostgreSQL, mostly. */
  readonly serverWaitingMs: number;
  /** Of `ms`, how long that thread was ready to run but other work held the cores. */
  readonly serverQueuedMs: number;
  /** The PostgreSQL cluster's CPU time meanwhile; null on SQLite. */
  readonly databaseCpuMs: number | null;
}

const perRow = (ms: number, rows: number) => (rows === 0 ? '—' : `${((ms * 1000) / rows).toFixed(0)} µs`);

/**
 * The alerts' CSV export on each database it ran on: seconds, rows and rows per second, the file's
 * size, the server's CPU per row, how long its thread waited, and PostgreSQL's own CPU per row.
 */
export function exportTable(runs: Partial<Record<ScaleDatabase, ExportRun>>): string {
  const header = [
    'export',
    'seconds',
    'rows',
    'rows/s',
    'size',
    'server CPU/row',
    'server waiting',
    'server queued',
    'PostgreSQL CPU/row',
  ];
  const ran = scaleDatabases.filter((name) => runs[name] !== undefined);
  const body = ran.map((name) => {
    const run = runs[name] as ExportRun;
    const part = (ms: number) =>
      `${(ms / 1000).toFixed(1)} s${run.ms > 0 ? ` (${Math.round((ms / run.ms) * 100)}%)` : ''}`;
    return [
      name,
      `${(run.ms / 1000).toFixed(1)} s`,
      run.records.toLocaleString('en'),
      run.ms > 0 ? Math.round((run.records * 1000) / run.ms).toLocaleString('en') : '—',
      `${(run.bytes / 1024 ** 2).toFixed(1)} MB`,
      perRow(run.serverCpuMs, run.records),
      part(run.serverWaitingMs),
      part(run.serverQueuedMs),
      run.databaseCpuMs === null ? '—' : perRow(run.databaseCpuMs, run.records),
    ];
  });
  return alignColumns([header, ...body]);
}
