import { pagesDir, resourceDescriptorFile, resourceScreen } from '../../codegen/inputs';
import type { BudgetPlan } from './route-costs';

interface ManifestRoute {
  readonly path: string;
  readonly access?: string;
  readonly page?: string;
  readonly resource?: string;
  readonly children?: readonly ManifestRoute[];
}

const KB = 1024;

/** Monitoring views with their own heavy libraries; the per-screen increment is for CRUD screens. */
const MONITORING_SCREENS = ['/monitor/video', '/monitor/playback', '/monitor/ai', '/data/operations'];

/** The layout modules the router imports lazily after sign-in (kept out of the login page). */
export const SHELL_MODULES: readonly string[] = ['src/shell/BasicLayout.tsx'];

export function budgetPlanFromManifest(manifest: { readonly routes: readonly ManifestRoute[] }): BudgetPlan {
  const flat = flatten(manifest.routes);
  const pageOf = (path: string): string => {
    const route = flat.find((r) => r.path === path);
    if (!route?.page) throw new Error(`manifest has no page for ${path}`);
    return sourceOf(route.page);
  };
  const leaves = flat.flatMap((r) => {
    if (!r.access || r.children) return [];
    // A page given beside a resource wraps the generic screen and is what the route loads.
    if (r.page) return [{ path: r.path, sources: [sourceOf(r.page)] }];
    // Otherwise the route loads the generic screen and the resource's own descriptor.
    return r.resource
      ? [{ path: r.path, sources: [resourceScreen.file, resourceDescriptorFile(r.resource)] }]
      : [];
  });
  return {
    loginPage: pageOf('/user/login'),
    shellModules: SHELL_MODULES,
    homePage: pageOf('/home'),
    screens: leaves.filter((s) => !MONITORING_SCREENS.includes(s.path)),
    otherScreens: leaves.filter((s) => MONITORING_SCREENS.includes(s.path)),
    libraries: [
      { name: 'ECharts', module: /node_modules\/(echarts|zrender)\//, routes: ['/data/operations'] },
      { name: 'hls.js', module: /node_modules\/hls\.js\//, routes: ['/monitor/video', '/monitor/playback'] },
    ],
    limits: { login: 200 * KB, home: 300 * KB, firstScreen: 450 * KB, furtherScreen: 30 * KB },
  };
}

function flatten(routes: readonly ManifestRoute[]): ManifestRoute[] {
  return routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}

function sourceOf(page: string): string {
  return `${pagesDir}/${page}.tsx`;
}
