import { useMemo } from 'react';
import { routes, type RouteDef } from '../generated/routes';
import { findRoute, findRouteChain } from './route-lookup';
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
