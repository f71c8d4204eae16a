import type { RouteDef } from '../generated/routes';
import { findRoute, flattenRoutes } from '../session/route-lookup';
import { routeTree } from '../session/use-current-route';
import { wallSearch } from './wall-state';

/** The video wall's and the playback screen's pages: their paths and access keys live in the manifest only. */
const wallPage = 'monitor/video/VideoPage';
const playbackPage = 'monitor/playback/PlaybackPage';

/** How long before an alert its recording is opened: what led to it shows first. */
export const playbackLeadMs = 5000;

/**
 * The routes of a route tree by page, flattened once: every card of the alert wall asks for two
 * links, dozens of cards a second in a burst.
 */
const routesByPage = new WeakMap<readonly RouteDef[], ReadonlyMap<string | null, RouteDef>>();

function routeOfPage(routes: readonly RouteDef[], page: string): RouteDef | undefined {
  let byPage = routesByPage.get(routes);
  if (!byPage) {
    const found = new Map<string | null, RouteDef>();
    for (const route of flattenRoutes(routes)) if (!found.has(route.page)) found.set(route.page, route);
    byPage = found;
    routesByPage.set(routes, byPage);
  }
  return byPage.get(page);
}

/** Whether the console path `path` is the video wall's. */
export function isVideoWallPath(path: string, routes: readonly RouteDef[] = routeTree): boolean {
  return findRoute(routes, path)?.page === wallPage;
}

/** The path of `page` for a camera, or null when there is no camera or the operator may not open it. */
function pagePath(
  page: string,
  cameraId: number | null,
  canOpen: (route: RouteDef) => boolean,
  routes: readonly RouteDef[],
): string | null {
  const route = routeOfPage(routes, page);
  return cameraId === null || !route || !canOpen(route) ? null : route.path;
}

/**
 * The video wall playing one camera alone, on its main stream (`/monitor/video?layout=1&cams=12`),
 * or null when there is no camera or the operator may not open the wall.
 */
export function liveLinkOf(
  cameraId: number | null,
  canOpen: (route: RouteDef) => boolean,
  routes: readonly RouteDef[] = routeTree,
): string | null {
  const path = pagePath(wallPage, cameraId, canOpen, routes);
  if (path === null) return null;
  return `${path}?${wallSearch({ layout: 1, cameras: [cameraId as number], singleStream: 'main' }, '')}`;
}

/** The playback screen's path, or null when the operator may not open it (the home page's storage block). */
export function playbackPathOf(
  canOpen: (route: RouteDef) => boolean,
  routes: readonly RouteDef[] = routeTree,
): string | null {
  const route = routeOfPage(routes, playbackPage);
  return route && canOpen(route) ? route.path : null;
}

/**
 * The playback screen on the camera's recording from `playbackLeadMs` before `at` (an alert's time,
 * ISO): `/monitor/playback?camera=12&at=<ISO>`; null as for liveLinkOf.
 */
export function playbackLinkOf(
  cameraId: number | null,
  at: string,
  canOpen: (route: RouteDef) => boolean,
  routes: readonly RouteDef[] = routeTree,
): string | null {
  const path = pagePath(playbackPage, cameraId, canOpen, routes);
  const time = Date.parse(at);
  if (path === null || Number.isNaN(time)) return null;
  const query = new URLSearchParams({
    camera: String(cameraId),
    at: new Date(time - playbackLeadMs).toISOString(),
  });
  return `${path}?${query.toString()}`;
}
