import { resourceByRoute, resources, type ResourceDescriptor } from '../generated/resources';
import { useCurrentRoute } from '../session/use-current-route';

/**
 * The descriptor of the resource the current route shows (`resource` in the manifest route). Kept
 * out of ResourceScreen.tsx: a page importing it from there would pull that lazily loaded screen
 * into its own chunk.
 */
export function useRouteResource(): ResourceDescriptor {
  const route = useCurrentRoute();
  const name = route === undefined ? undefined : resourceByRoute[route.path];
  if (name === undefined) throw new Error(`No resource is declared for the route ${route?.path ?? '?'}`);
  return resources[name];
}
