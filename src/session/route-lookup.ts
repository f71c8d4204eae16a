import type { RouteDef } from '../generated/routes';
import { appSettings } from '../generated/settings';

export const CATCH_ALL_PATH = '*';

/** Every route of the tree, parents before their children, in manifest order. */
export function flattenRoutes(routes: readonly RouteDef[]): RouteDef[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children)]);
}

/** The console path of a browser address's path: without the console's base path ('/' at the base itself). */
export function consolePathOf(pathname: string): string {
  return pathname.slice(appSettings.basePath.replace(/\/$/, '').length) || '/';
}

/** Like the router: trailing slashes and letter case do not matter. */
function samePath(routePath: string, pathname: string): boolean {
  const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  return normalise(routePath) === normalise(pathname);
}

/** The routes from the top of the tree down to the one whose path is `pathname`; empty when none is. */
export function findRouteChain(routes: readonly RouteDef[], pathname: string): RouteDef[] {
  for (const route of routes) {
    if (route.path === CATCH_ALL_PATH) continue;
    if (samePath(route.path, pathname)) return [route];
    const below = findRouteChain(route.children, pathname);
    if (below.length > 0) return [route, ...below];
  }
  return [];
}

/** The route that renders at `pathname`: the exact one, else the catch-all. */
export function findRoute(routes: readonly RouteDef[], pathname: string): RouteDef | undefined {
  return findRouteChain(routes, pathname).at(-1) ?? routes.find((route) => route.path === CATCH_ALL_PATH);
}
