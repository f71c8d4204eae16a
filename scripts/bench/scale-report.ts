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
