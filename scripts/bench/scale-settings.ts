import type { ScaleDatabase } from './scale-report';

/** What the bench times: the lists, wall and dashboard page by page, or the alerts' CSV export. */
export const scaleParts = ['lists', 'export'] as const;
export type ScalePart = (typeof scaleParts)[number];

/** What `npm run bench:scale` is asked to do. */
export interface ScaleSettings {
  readonly alerts: number;
  readonly rowsPerResource: number;
  /** Timed calls per case, after a few warm-ups. */
  readonly runs: number;
  readonly databases: readonly ScaleDatabase[];
  readonly parts: readonly ScalePart[];
}

const defaults: ScaleSettings = {
  alerts: 1_000_000,
  rowsPerResource: 100_000,
  runs: 20,
  databases: ['SQLite', 'PostgreSQL'],
  parts: scaleParts,
};

const flags = {
  alerts: 'BENCH_SCALE_ALERTS',
  rows: 'BENCH_SCALE_ROWS',
  runs: 'BENCH_SCALE_RUNS',
  only: 'BENCH_SCALE_ONLY',
  cases: 'BENCH_SCALE_CASES',
} as const;

export const scaleUsage =
  'usage: npm run bench:scale -- [--alerts=N] [--rows=N] [--runs=N] [--only=sqlite|postgres] ' +
  '[--cases=lists|export] ' +
  `(or ${Object.values(flags).join(', ')}); defaults: 1,000,000 alerts, 100,000 rows per resource, 20 runs, all databases and cases`;

function count(name: string, text: string, minimum: number): number {
  const value = Number(text.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isInteger(value) || value < minimum)
    throw new Error(`${name} must be a whole number of at least ${minimum}, not "${text}"\n${scaleUsage}`);
  return value;
}

/** The settings from `--name=value` arguments, else the BENCH_SCALE_* variables, else the defaults. */
export function scaleSettings(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ScaleSettings {
  const given = new Map<string, string>();
  for (const argument of argv) {
    const match = /^--(alerts|rows|runs|only|cases)=(.+)$/.exec(argument);
    if (!match) throw new Error(`unknown argument "${argument}"\n${scaleUsage}`);
    given.set(match[1] as string, match[2] as string);
  }
  const read = (flag: keyof typeof flags) => given.get(flag) ?? env[flags[flag]];
  const only = read('only');
  const databases = defaults.databases.filter(
    (name) => only === undefined || only === '' || name.toLowerCase().startsWith(only.toLowerCase()),
  );
  if (databases.length === 0)
    throw new Error(`--only must be sqlite or postgres, not "${only}"\n${scaleUsage}`);
  const cases = read('cases');
  const parts = scaleParts.filter((part) => cases === undefined || cases === '' || part === cases);
  if (parts.length === 0) throw new Error(`--cases must be lists or export, not "${cases}"\n${scaleUsage}`);
  const alerts = read('alerts');
  const rows = read('rows');
  const runs = read('runs');
  return {
    alerts: alerts === undefined ? defaults.alerts : count('--alerts', alerts, 100),
    rowsPerResource: rows === undefined ? defaults.rowsPerResource : count('--rows', rows, 100),
    runs: runs === undefined ? defaults.runs : count('--runs', runs, 1),
    databases,
    parts,
  };
}
