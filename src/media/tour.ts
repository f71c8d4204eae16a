// A tour (轮巡) of a camera group over the video wall's panes, as the URL carries it, and its pages.

/** The shortest and longest time a page of a tour stays on the wall, in seconds. */
export const tourSeconds = { min: 5, max: 300, preset: 15 } as const;

/** The intervals the tour's dialog offers, within tourSeconds. */
export const tourIntervals = [5, 10, 15, 30, 60, 120, 300] as const;

/**
 * A tour in the URL query: `tour=3&every=15&page=2` (the group, the seconds per page, the page
 * shown), so a reload or a shared link carries on where the wall was.
 */
export interface TourState {
  readonly groupId: number;
  readonly seconds: number;
  readonly page: number;
}

export function readTour(search: string): TourState | null {
  const query = new URLSearchParams(search);
  const group = query.get('tour') ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(group)) return null;
  const every = Number(query.get('every') ?? Number.NaN);
  const seconds = Number.isInteger(every)
    ? Math.min(tourSeconds.max, Math.max(tourSeconds.min, every))
    : tourSeconds.preset;
  const page = Number(query.get('page'));
  return { groupId: Number(group), seconds, page: Number.isInteger(page) && page >= 0 ? page : 0 };
}

/** The query of `tour` (none stops it), keeping the other parameters of `search`. */
export function tourSearch(tour: TourState | null, search: string | URLSearchParams): URLSearchParams {
  const query = new URLSearchParams(search);
  if (tour === null) {
    for (const name of ['tour', 'every', 'page']) query.delete(name);
    return query;
  }
  query.set('tour', String(tour.groupId));
  query.set('every', String(tour.seconds));
  query.set('page', String(tour.page));
  return query;
}

/**
 * How many pages the tour shows before it shows the first again. A group that fills the wall or less
 * is one page. A larger one wraps round to fill every pane (six cameras on four panes: 1–4, then
 * 5, 6, 1, 2, then 3–6), so no pane stands empty, and the pages repeat once both counts meet.
 */
export function tourPageCount(cameras: number, panes: number): number {
  if (cameras <= panes) return 1;
  return cameras / greatestCommonDivisor(cameras, panes);
}

/** The camera of each pane on page `page` (any page number: it wraps round). */
export function tourPage(cameraIds: readonly number[], panes: number, page: number): (number | null)[] {
  const count = cameraIds.length;
  if (count <= panes) return [...cameraIds];
  const first = (page % tourPageCount(count, panes)) * panes;
  return Array.from({ length: panes }, (_, pane) => cameraIds[(first + pane) % count] ?? null);
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}
