import { ResourcePage } from './ResourcePage';
import { useRouteResource } from './use-route-resource';

/**
 * The page of every route the manifest gives a `resource` and no `page`: it finds its descriptor
 * by the current route, so all resource screens share this one chunk. A route with a `page` too
 * renders that page, which wraps ResourcePage with its own inputs and row actions.
 */
export default function ResourceScreen() {
  const descriptor = useRouteResource();
  return <ResourcePage key={descriptor.name} descriptor={descriptor} />;
}
