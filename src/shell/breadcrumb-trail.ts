import type { LocalText } from '../generated/settings';
import type { RouteDef } from '../generated/routes';

export interface Crumb {
  readonly path: string;
  readonly name: LocalText;
  /** The current page is plain text; the levels above it link to their own pages. */
  readonly linked: boolean;
}

export function breadcrumbTrail(chain: readonly RouteDef[]): Crumb[] {
  const shown = chain.filter((route) => !route.hideInBreadcrumb);
  return shown.map((route, index) => ({
    path: route.path,
    name: route.name,
    linked: index < shown.length - 1 && route.load !== null,
  }));
}
