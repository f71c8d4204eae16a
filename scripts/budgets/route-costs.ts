import {
  difference,
  dynamicKeyOf,
  entryKey,
  fullClosure,
  staticClosure,
  union,
  type BuildManifest,
} from '../../build/chunk-graph';

export interface Screen {
  readonly path: string;
  /**
   * Source modules the route loads lazily: its page, e.g. src/pages/analysis/OperationsDashboard.tsx,
   * or the generic resource screen and the resource's descriptor.
   */
  readonly sources: readonly string[];
}

/** A screen with heavy libraries of its own (the video wall, the dashboard): a budget of its own. */
export interface MonitoringScreen extends Screen {
  /** Its cumulative cost, after sign-in and /home, with its libraries counted where they load. */
  readonly limit: number;
}

export interface LibraryRule {
  readonly name: string;
  /** Matches the module ids of the library inside chunks. */
  readonly module: RegExp;
  /** The only routes whose chunks may carry it. */
  readonly routes: readonly string[];
}

export interface BudgetPlan {
  readonly loginPage: string;
  /** Lazily loaded shell modules (the layout) fetched after sign-in; may be empty. */
  readonly shellModules: readonly string[];
  readonly homePage: string;
  /** Management screens: the first one opened has a cumulative budget, each further one an increment. */
  readonly screens: readonly Screen[];
  /** Screens outside the management budget (video wall, dashboard), each held to its own. */
  readonly otherScreens: readonly MonitoringScreen[];
  readonly libraries: readonly LibraryRule[];
  readonly limits: {
    readonly login: number;
    readonly home: number;
    readonly firstScreen: number;
    readonly furtherScreen: number;
  };
}

export interface CostRow {
  readonly label: string;
  readonly bytes: number;
  readonly files: number;
  readonly limit: number | null;
}

export interface BudgetReport {
  readonly rows: readonly CostRow[];
  readonly failures: readonly string[];
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Cumulative JS cost of the budgeted journeys (docs/performance.md): the login page, the shell with /home
 * after sign-in, the first management screen after that, and what each further screen adds.
 * `sizes` maps an emitted file to its gzipped byte count; `chunkModules` maps it to the
 * module ids bundled in it.
 */
export function measureBudgets(
  manifest: BuildManifest,
  sizes: ReadonlyMap<string, number>,
  chunkModules: Readonly<Record<string, readonly string[]>>,
  plan: BudgetPlan,
): BudgetReport {
  const bytesOf = (files: ReadonlySet<string>): number =>
    [...files].reduce((sum, f) => {
      const size = sizes.get(f);
      if (size === undefined) throw new Error(`no size for ${f}`);
      return sum + size;
    }, 0);
  const closureOf = (source: string): Set<string> => staticClosure(manifest, dynamicKeyOf(manifest, source));
  const screenClosure = (screen: Screen): Set<string> => closureOfScreen(manifest, screen, staticClosure);

  const entry = staticClosure(manifest, entryKey(manifest));
  const login = union(entry, closureOf(plan.loginPage));
  const home = union(login, ...plan.shellModules.map(closureOf), closureOf(plan.homePage));
  const screenFiles = new Map(plan.screens.map((s) => [s.path, screenClosure(s)]));

  const rows: CostRow[] = [];
  const failures: string[] = [];
  const check = (label: string, files: ReadonlySet<string>, limit: number | null): void => {
    const bytes = bytesOf(files);
    rows.push({ label, bytes, files: files.size, limit });
    if (limit !== null && bytes > limit)
      failures.push(`${label}: ${kb(bytes)} is ${kb(bytes - limit)} over the ${kb(limit)} budget`);
  };

  check('/user/login (first load)', login, plan.limits.login);
  check('/home after sign-in (cumulative)', home, plan.limits.home);
  for (const [path, files] of screenFiles) {
    check(`${path} as first screen (cumulative)`, union(home, files), plan.limits.firstScreen);
  }
  for (const [path, files] of screenFiles) {
    // Worst case over which other screen was opened first: what this one still has to fetch.
    let worst = new Set<string>();
    for (const [otherPath, otherFiles] of screenFiles) {
      if (otherPath === path) continue;
      const added = difference(files, union(home, otherFiles));
      if (bytesOf(added) > bytesOf(worst)) worst = added;
    }
    check(`${path} as a further screen (adds)`, worst, plan.limits.furtherScreen);
  }
  for (const screen of plan.otherScreens) {
    check(`${screen.path} (cumulative)`, union(home, screenClosure(screen)), screen.limit);
  }
  // Parts a screen fetches on demand (an upload widget, an editor opened from a row) are not
  // needed to show it, so the budgets leave them out; the table shows what they would add.
  for (const screen of [...plan.screens, ...plan.otherScreens]) {
    const shown = union(home, screenClosure(screen));
    const everything = union(home, closureOfScreen(manifest, screen, fullClosure));
    if (everything.size > shown.size)
      check(`${screen.path} with on-demand parts (no budget)`, everything, null);
  }

  failures.push(...misplacedLibraries(manifest, chunkModules, plan, home));
  return { rows, failures };
}

/** The files of every module the screen's route loads, by the closure given (static or full). */
function closureOfScreen(
  manifest: BuildManifest,
  screen: Screen,
  closure: (manifest: BuildManifest, key: string) => Set<string>,
): Set<string> {
  return union(...screen.sources.map((source) => closure(manifest, dynamicKeyOf(manifest, source))));
}

function misplacedLibraries(
  manifest: BuildManifest,
  chunkModules: Readonly<Record<string, readonly string[]>>,
  plan: BudgetPlan,
  home: ReadonlySet<string>,
): string[] {
  const failures: string[] = [];
  const screens = [...plan.screens, ...plan.otherScreens];
  for (const lib of plan.libraries) {
    const carriers = Object.entries(chunkModules)
      .filter(([, ids]) => ids.some((id) => lib.module.test(id)))
      .map(([file]) => file);
    const allowed = screens.filter((s) => lib.routes.includes(s.path));
    const reachableFromAllowed = union(...allowed.map((s) => closureOfScreen(manifest, s, fullClosure)));
    for (const file of carriers) {
      const eagerElsewhere = screens
        .filter((s) => !lib.routes.includes(s.path))
        .filter((s) => closureOfScreen(manifest, s, staticClosure).has(file))
        .map((s) => s.path);
      if (home.has(file)) failures.push(`${lib.name} is in the shell: ${file} loads before any screen`);
      else if (eagerElsewhere.length > 0)
        failures.push(`${lib.name} (${file}) is loaded by ${eagerElsewhere.join(', ')}`);
      else if (!reachableFromAllowed.has(file))
        failures.push(`${lib.name} (${file}) is not reached from ${lib.routes.join(', ')}`);
    }
  }
  return failures;
}
