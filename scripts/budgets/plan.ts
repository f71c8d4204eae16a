import { layoutModules } from '../../codegen/inputs';
import type { Manifest } from '../../codegen/manifest';
import { flattenRoutes, screenSources } from '../../codegen/route-sources';
import type { BudgetPlan } from './route-costs';

/**
 * Monitoring views with their own heavy libraries (hls.js for playback, ECharts for the dashboard),
 * each with a cumulative budget of its own; the per-screen increment is for CRUD screens.
 */
const MONITORING_BUDGETS: Readonly<Record<string, number>> = {
  '/monitor/video': 373.5 * 1024,
  '/monitor/ai': 430 * 1024,
  '/monitor/playback': 495.5 * 1024,
  '/data/operations': 503 * 1024,
};

export function budgetPlanFromManifest(manifest: Pick<Manifest, 'routes'>): BudgetPlan {
  const flat = flattenRoutes(manifest.routes);
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
    screens: leaves.filter((s) => MONITORING_BUDGETS[s.path] === undefined),
    otherScreens: leaves.flatMap((s) => {
      const limit = MONITORING_BUDGETS[s.path];
      return limit === undefined ? [] : [{ ...s, limit }];
    }),
    libraries: [
      { name: 'ECharts', module: /node_modules\/(echarts|zrender)\//, routes: ['/data/operations'] },
      { name: 'hls.js', module: /node_modules\/hls\.js\//, routes: ['/monitor/video', '/monitor/playback'] },
    ],
    // The first screen's budget keeps antd's date picker out: it loads with the first date field
    // shown (src/resources/DateInput.tsx), counted under "with on-demand parts".
    // The read cache (TanStack Query, about 10 KB) loads with the signed-in layout, so every journey
    // after sign-in carries it and the sign-in page does not: its budget holds it out.
    limits: { login: 197 * 1024, home: 306.7 * 1024, firstScreen: 449 * 1024, furtherScreen: 30 * 1024 },
  };
}
