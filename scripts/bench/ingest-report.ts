/** The setups `npm run bench:ingest` runs, and its figures of each side by side. */
import { alignColumns } from './report';

/** Where the alerts go: one server on SQLite, one on PostgreSQL, two on one PostgreSQL behind nginx. */
export const ingestSetups = ['sqlite', 'postgres', 'two'] as const;
export type IngestSetup = (typeof ingestSetups)[number];

export const setupNames: Record<IngestSetup, string> = {
  sqlite: 'SQLite, 1 server',
  postgres: 'PostgreSQL, 1 server',
  two: 'PostgreSQL, 2 servers',
};

/** The issue's targets: the rate is the two servers' (one box was never meant to reach it). */
export const ingestTargets = { alertsPerSecond: 1000, rateOn: 'two' as IngestSetup, wallP95Ms: 1000 };

/** `--setup sqlite,two` (or `--setup two`): which setups to run, in the table's order; all by default. */
export function setupsOf(value: string | undefined): IngestSetup[] {
  if (value === undefined) return [...ingestSetups];
  const named = value.split(',').map((name) => name.trim());
  const unknown = named.filter((name) => !(ingestSetups as readonly string[]).includes(name));
  if (unknown.length > 0 || named.length === 0)
    throw new Error(
      `--setup must be one or more of ${ingestSetups.join(', ')} (comma-separated), not "${value}"`,
    );
  return ingestSetups.filter((setup) => named.includes(setup));
}

/** One setup's figures, as its run measured them. */
export interface IngestFigures {
  readonly setup: IngestSetup;
  readonly alertsPerSecond: number;
  readonly ingestP50Ms: number;
  readonly ingestP95Ms: number;
  readonly wallP95Ms: number;
  /** Whether the wall showed every accepted alert (a p95 of those shown says nothing of those never shown). */
  readonly wallShowedAll: boolean;
  readonly storedAsAcknowledged: boolean;
  /** The console servers' CPU time per accepted alert (ms), all of them together. */
  readonly serverCpuMsPerAlert: number;
  /** PostgreSQL's CPU time per accepted alert (ms); null on SQLite, which runs inside the server. */
  readonly databaseCpuMsPerAlert: number | null;
}

interface Row {
  readonly label: string;
  readonly cell: (figures: IngestFigures) => string;
  readonly target: string;
  /** Whether a setup's figures met the target; undefined: the row has no target, or not for this setup. */
  readonly met?: (figures: IngestFigures) => boolean | undefined;
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`);

const rows: readonly Row[] = [
  {
    label: 'accepted alerts/s',
    cell: (f) => f.alertsPerSecond.toFixed(0),
    target: `≥ ${ingestTargets.alertsPerSecond.toLocaleString('en')} on 2 servers`,
    met: (f) =>
      f.setup === ingestTargets.rateOn ? f.alertsPerSecond >= ingestTargets.alertsPerSecond : undefined,
  },
  { label: 'ingest p50', cell: (f) => ms(f.ingestP50Ms), target: '—' },
  { label: 'ingest p95', cell: (f) => ms(f.ingestP95Ms), target: '—' },
  {
    label: 'alert → wall p95',
    cell: (f) => `${ms(f.wallP95Ms)}${f.wallShowedAll ? '' : ' (not all shown)'}`,
    target: `< ${ingestTargets.wallP95Ms} ms`,
    met: (f) => f.wallShowedAll && f.wallP95Ms < ingestTargets.wallP95Ms,
  },
  {
    label: 'stored = acknowledged',
    cell: (f) => (f.storedAsAcknowledged ? 'yes' : 'NO'),
    target: 'yes',
    met: (f) => f.storedAsAcknowledged,
  },
  { label: 'server CPU per alert', cell: (f) => `${f.serverCpuMsPerAlert.toFixed(2)} ms`, target: '—' },
  {
    label: 'database CPU per alert',
    cell: (f) => (f.databaseCpuMsPerAlert === null ? '—' : `${f.databaseCpuMsPerAlert.toFixed(2)} ms`),
    target: '—',
  },
];

/** `yes`, `NO (…the setups that missed)`, or empty when no setup that ran has this target. */
function verdict(row: Row, runs: readonly IngestFigures[]): string {
  const judged = runs.flatMap((figures) => {
    const met = row.met?.(figures);
    return met === undefined ? [] : [{ setup: figures.setup, met }];
  });
  if (judged.length === 0) return '';
  const missed = judged.filter(({ met }) => !met).map(({ setup }) => setupNames[setup]);
  return missed.length === 0 ? 'yes' : `NO (${missed.join('; ')})`;
}

/** The setups that ran as columns, one row per figure, with the target and whether it was met. */
export function ingestTable(runs: readonly IngestFigures[]): string {
  const header = ['', ...runs.map(({ setup }) => setupNames[setup]), 'target', 'met?'];
  const body = rows.map((row) => [row.label, ...runs.map(row.cell), row.target, verdict(row, runs)]);
  return alignColumns([header, ...body]);
}
