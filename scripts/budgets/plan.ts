import { layoutModules } from '../../codegen/inputs';
import type { Manifest, RouteEntry } from '../../codegen/manifest';
import { screenSources } from '../../codegen/route-sources';
import type { BudgetPlan } from './route-costs';

const KB = 1024;

/** Monitoring views with their own heavy libraries; the per-screen increment is for CRUD screens. */
const MONITORING_SCREENS = ['/monitor/video', '/monitor/playback', '/monitor/ai', '/data/operations'];

export function budgetPlanFromManifest(manifest: Pick<Manifest, 'routes'>): BudgetPlan {
  const flat = flatten(manifest.routes);
  const pageOf = (path: string): string => {
    const route = flat.find((r) => r.path === path);
    const [page] = route ? screenSources(route) : [];
    if (!page) throw new Error(`manifest has no page for ${path}`);
    return page;
  };
  const leaves = flat.flatMap((r) => {
    const sources = screenSources(r);
    return r.access && !r.children && sources.length > 0 ? [{ path: r.path, sources }] : [];
  });
  return {
    loginPage: pageOf('/user/login'),
    shellModules: layoutModules,
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

function flatten(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}
