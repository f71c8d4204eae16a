import { resourceByRoute, resources, type ResourceDescriptor } from '../generated/resources';
import { useCurrentRoute } from '../session/use-current-route';
import { ResourcePage } from './ResourcePage';

/** The descriptor of the resource the current route shows (`resource` in the manifest route). */
export function useRouteResource(): ResourceDescriptor {
  const route = useCurrentRoute();
  const name = route === undefined ? undefined : resourceByRoute[route.path];
  if (name === undefined) throw new Error(`No resource is declared for the route ${route?.path ?? '?'}`);
  return resources[name];
}

/**
 * The page of every route the manifest gives a `resource` and no `page`: it finds its descriptor
 * by the current route, so all resource screens share this one chunk. A route with a `page` too
 * renders that page, which wraps ResourcePage with its own inputs and row actions.
 */
export default function ResourceScreen() {
  const descriptor = useRouteResource();
  return <ResourcePage key={descriptor.name} descriptor={descriptor} />;
}
