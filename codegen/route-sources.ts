import { layoutModules, pagesDir, resourceDescriptorFile, resourceScreen } from './inputs';
import type { Manifest, RouteEntry } from './manifest';

/** Every route of the tree, each before its children. */
export function flattenRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

/**
 * The source files a route's screen loads (keys of Vite's build manifest): its page, or for a
 * resource route without one the generic screen and the resource's descriptor. None for a route
 * that only redirects.
 */
export function screenSources(route: RouteEntry): string[] {
  if (route.page !== undefined) return [`${pagesDir}/${route.page}.tsx`];
  if (route.resource !== undefined) return [resourceScreen.file, resourceDescriptorFile(route.resource)];
  return [];
}

/**
 * What a first visit of each path loads before its screen shows: the layout's modules for a
 * route inside it, then the screen's own; a redirecting path counts as its target. The server
 * names their chunks in the page it answers, so the browser fetches them beside the entry.
 */
export function routeSources(manifest: Manifest): Map<string, string[]> {
  const flat = flattenRoutes(manifest.routes);
  const sourcesOf = (route: RouteEntry): string[] => [
    ...(route.layout === false ? [] : layoutModules),
    ...screenSources(route),
  ];
  const byPath = new Map(flat.map((route) => [route.path, route]));
  const sources = new Map<string, string[]>();
  for (const route of flat) {
    const shown = route.redirect === undefined ? route : byPath.get(route.redirect);
    if (shown && screenSources(shown).length > 0) sources.set(route.path, sourcesOf(shown));
  }
  return sources;
}
