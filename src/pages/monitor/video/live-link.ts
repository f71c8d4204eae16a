import type { RouteDef } from '../../../generated/routes';
import { flattenRoutes } from '../../../session/route-lookup';
import { routeTree } from '../../../session/use-current-route';
import { wallSearch } from './wall-state';

/** The video wall's page: its path and access key live in the manifest only. */
const wallPage = 'monitor/video/VideoPage';

/**
 * The video wall playing one camera alone, on its main stream (`/monitor/video?layout=1&cams=12`),
 * or null when there is no camera or the operator may not open the wall.
 */
export function liveLinkOf(
  cameraId: number | null,
  canOpen: (route: RouteDef) => boolean,
  routes: readonly RouteDef[] = routeTree,
): string | null {
  const route = flattenRoutes(routes).find((candidate) => candidate.page === wallPage);
  if (cameraId === null || !route || !canOpen(route)) return null;
  return `${route.path}?${wallSearch({ layout: 1, cameras: [cameraId], singleStream: 'main' }, '')}`;
}
