import './resources.css';
import { resourceByRoute, resources } from '../generated/resources';
import { useCurrentRoute } from '../session/use-current-route';
import { ResourcePage } from './ResourcePage';

/**
 * The page of every route the manifest gives a `resource`: it finds its descriptor by the
 * current route, so all resource screens share this one chunk.
 */
export default function ResourceScreen() {
  const route = useCurrentRoute();
  const name = route === undefined ? undefined : resourceByRoute[route.path];
  if (name === undefined) throw new Error(`No resource is declared for the route ${route?.path ?? '?'}`);
  return <ResourcePage key={name} descriptor={resources[name]} />;
}
