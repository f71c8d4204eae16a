import { routes, type RouteDef } from '../generated/routes';
import { findRoute } from '../session/route-lookup';

const started = new WeakSet<NonNullable<RouteDef['load']>>();

/**
 * Starts fetching the page chunk of `path` so that opening it later renders at once. A
 * failed prefetch is forgotten: the real navigation loads again and shows the retry page.
 */
export function prefetchRoute(path: string, table: readonly RouteDef[] = routes): void {
  const load = findRoute(table, path)?.load;
  if (!load || started.has(load)) return;
  started.add(load);
  load().catch(() => started.delete(load));
}
