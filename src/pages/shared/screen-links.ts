import type { paths } from '../../generated/openapi';
import type { RouteDef } from '../../generated/routes';
import { resourceRoute } from '../../session/use-current-route';

/** The filters the alert wall takes in its URL: the alert list operation's query names. */
export type AlertFilters = Partial<
  Pick<
    NonNullable<paths['/alerts']['get']['parameters']['query']>,
    'from' | 'to' | 'level' | 'status' | 'cameraId' | 'label' | 'source'
  >
>;

/**
 * The route showing a resource's screen (the alert wall shows `alert`): the dashboard links to
 * screens by what they show, so a path lives in the manifest only.
 */
export function screenOf(resource: 'alert' | 'camera' | 'aiserver'): RouteDef {
  const route = resourceRoute(resource);
  if (!route) throw new Error(`the manifest has no screen for the resource ${resource}`);
  return route;
}

/** A screen's URL with filters in its query, as its search form would put them. */
export function filteredUrl(route: RouteDef, filters: Readonly<Record<string, string | number | undefined>>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== '') query.set(name, String(value));
  const search = query.toString();
  return search === '' ? route.path : `${route.path}?${search}`;
}

/** The alert wall's `from` / `to` for a half-open span [from, to): its `to` is inclusive. */
export function alertSpan(from: string, to: string): Pick<AlertFilters, 'from' | 'to'> {
  return { from: new Date(from).toISOString(), to: new Date(Date.parse(to) - 1).toISOString() };
}
