import { flattenRoutes } from './route-lookup';
import { rememberedScreen } from './screen-memory';
import { routeTree } from './use-current-route';

/** The query parameter naming the alert whose drawer the alert wall opens (server/notify `alertLink`). */
export const alertIdParam = 'alertId';

/**
 * The query parameter of live video and playback opened from an alert: the alert to go back to.
 * It lives here, not with the alert wall, because the video screens read it and pages do not
 * import one another.
 */
export const fromAlertParam = 'fromAlert';

const alertWallPage = 'monitor/alerts/AlertPage';

function alertIdOf(value: string | null): number | null {
  return value !== null && /^[1-9][0-9]{0,14}$/.test(value) ? Number(value) : null;
}

/** The alert a query names with `param` (alertIdParam, fromAlertParam), or null. */
export function alertIdIn(search: string, param: string): number | null {
  return alertIdOf(new URLSearchParams(search).get(param));
}

/** `link` (a path with its query) marked as opened from alert `alertId`. */
export function withFromAlert(link: string, alertId: number): string {
  const [path = '', query = ''] = link.split('?', 2);
  const search = new URLSearchParams(query);
  search.set(fromAlertParam, String(alertId));
  return `${path}?${search.toString()}`;
}

/** `next` with the alert `search` was opened from, so a screen changing its own query keeps it. */
export function keepingFromAlert(search: string, next: URLSearchParams): URLSearchParams {
  const alertId = alertIdIn(search, fromAlertParam);
  if (alertId === null) return next;
  const kept = new URLSearchParams(next);
  kept.set(fromAlertParam, String(alertId));
  return kept;
}

/**
 * The alert wall as the operator left it in this tab (its filters) with alert `alertId`'s drawer
 * open; null when the route tree has no alert wall.
 */
export function alertReturnUrl(alertId: number): string | null {
  const wall = flattenRoutes(routeTree).find((route) => route.page === alertWallPage);
  if (!wall) return null;
  const search = new URLSearchParams(rememberedScreen(wall.path)?.search ?? '');
  search.set(alertIdParam, String(alertId));
  return `${wall.path}?${search.toString()}`;
}
