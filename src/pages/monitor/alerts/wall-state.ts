import { alertResource } from '../../../alerts-live/alert-options';
import type { Alert } from '../../../alerts-live/live-alert-store';
import { matchesListFilters } from '../../../resources/row-filters';

/** The filters of the alert list as the URL carries them (the list operation's query names). */
export type AlertFilters = Readonly<Record<string, string>>;

/**
 * Whether a live alert belongs on a wall showing these filters, checked by the filter rules the
 * server's list uses (the alert resource's generated x-filter rules: contains ignores case).
 */
export function matchesFilters(alert: Alert, filters: AlertFilters): boolean {
  return matchesListFilters(alertResource, alert, filters);
}

export interface WallState {
  /** What the wall shows, newest first. */
  readonly items: readonly Alert[];
  /** Live alerts held back (the operator scrolled down or paused live), newest first. */
  readonly incoming: readonly Alert[];
  /** Alerts the filters select on the server, plus the live ones since. */
  readonly total: number;
  /** The server counted no further than its cap: more than `total` match. */
  readonly totalCapped: boolean;
}

export const emptyWall: WallState = { items: [], incoming: [], total: 0, totalCapped: false };

/** Replaces the alerts of `items` that `changed` has a newer state of; the same array when none. */
function updated(items: readonly Alert[], changed: ReadonlyMap<number, Alert>): readonly Alert[] {
  let copy: Alert[] | null = null;
  items.forEach((item, index) => {
    const next = changed.get(item.id);
    if (next && next.revision > item.revision) {
      copy ??= [...items];
      copy[index] = next;
    }
  });
  return copy ?? items;
}

/**
 * The wall after one batch of live alerts (oldest first): alerts it shows or holds take their new
 * state (a colleague handled one); newly raised ones matching the filters go on top, or are held
 * while `hold` (scrolled down, live paused) so the cards under the operator's eyes do not move.
 * A handled alert the wall does not show (one further down than it has loaded) is no new alert.
 */
export function mergeBatch(
  wall: WallState,
  batch: readonly Alert[],
  filters: AlertFilters,
  hold: boolean,
): WallState {
  const latest = new Map<number, Alert>();
  for (const alert of batch) {
    const seen = latest.get(alert.id);
    if (!seen || seen.revision < alert.revision) latest.set(alert.id, alert);
  }
  const known = new Set([...wall.items, ...wall.incoming].map((alert) => alert.id));
  const fresh = [...latest.values()]
    .filter((alert) => !known.has(alert.id) && alert.status === 'pending' && matchesFilters(alert, filters))
    .sort((a, b) => b.occurredAt.localeCompare(a.occurredAt) || b.id - a.id);
  const items = updated(wall.items, latest);
  const incoming = updated(wall.incoming, latest);
  return {
    ...wall,
    items: hold || fresh.length === 0 ? items : [...fresh, ...items],
    incoming: hold && fresh.length > 0 ? [...fresh, ...incoming] : incoming,
    total: wall.total + fresh.length,
  };
}

/** The wall with its held alerts shown on top. */
export function showIncoming(wall: WallState): WallState {
  return wall.incoming.length === 0
    ? wall
    : { ...wall, items: [...wall.incoming, ...wall.items], incoming: [] };
}

/** The wall with a further page from the server appended (alerts it already shows are skipped). */
export function appendPage(
  wall: WallState,
  page: readonly Alert[],
  { total, totalCapped }: Pick<WallState, 'total' | 'totalCapped'>,
): WallState {
  const known = new Set([...wall.items, ...wall.incoming].map((alert) => alert.id));
  const items = [...wall.items, ...page.filter((alert) => !known.has(alert.id))];
  return { ...wall, items, total, totalCapped };
}
