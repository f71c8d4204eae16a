import { useMemo } from 'react';
import { routes, type RouteDef } from '../generated/routes';
import { findRoute, findRouteChain, flattenRoutes } from './route-lookup';
import { useScreenLocation } from './screen-location';

/** The generated routes from the top of the tree down to the current location. */
export function useRouteChain(): RouteDef[] {
  const { pathname } = useScreenLocation();
  return useMemo(() => findRouteChain(routes, pathname), [pathname]);
}

/** The generated route rendering at the current location (the catch-all for unknown paths). */
export function useCurrentRoute(): RouteDef | undefined {
  const { pathname } = useScreenLocation();
  return useMemo(() => findRoute(routes, pathname), [pathname]);
}

/** The generated route showing a resource's screen (the alert wall shows `alert`), for links to it. */
export function resourceRoute(resource: string): RouteDef | undefined {
  return flattenRoutes(routes).find((route) => route.resource === resource);
}

/**
 * The route tree, for the menu. Modules of lazily loaded chunks take it from here: importing
 * generated/routes directly, they made the bundler split the routes, the route lookup and the
 * screen location out of the entry chunk, adding 1.7 KB to the sign-in page.
 */
export { routes as routeTree };
