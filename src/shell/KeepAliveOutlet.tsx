import { useLayoutEffect, useState, type ReactNode } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
  type Location,
  type NavigationType,
} from 'react-router-dom';
import { ScreenLocationContext } from '../session/screen-location';
import { useScreenMemory } from '../session/screen-memory';
import {
  createScreenVisibility,
  ScreenVisibilityContext,
  type ScreenVisibilitySwitch,
} from '../session/screen-visibility';
import { useCurrentRoute } from '../session/use-current-route';

/** How many screens stay mounted: the one shown and the last ones left. */
export const keptScreens = 5;

interface KeptScreen {
  readonly key: string;
  /** The route's element under the screen's own router context, made once per URL it shows. */
  readonly element: ReactNode;
  /**
   * The location the screen last saw, as router context: a hidden screen keeps reading it, not
   * the shown one's. One object per location, so a hidden screen's readers do not re-render.
   */
  readonly context: { readonly location: Location; readonly navigationType: NavigationType };
  /** Told after each commit whether the screen is the one shown. */
  readonly visibility: ScreenVisibilitySwitch;
  /** When it was last shown, counted in screen changes: the least recent is dropped first. */
  readonly shown: number;
}

/**
 * The kept screens after showing `current`: updated in place when kept (so the DOM never moves
 * and nothing in it remounts), else added, dropping the least recently shown beyond the limit.
 */
export function keepScreen(
  kept: readonly KeptScreen[],
  current: Omit<KeptScreen, 'shown' | 'visibility'>,
  limit: number,
): KeptScreen[] {
  const shown = latest(kept) + 1;
  const before = kept.find((candidate) => candidate.key === current.key);
  if (before !== undefined) {
    // Back at the very URL it was left at: the same element and router context as then, so React
    // renders nothing of it again and showing it costs no more than unhiding it.
    const same = sameUrl(before.context.location, current.context.location);
    // Its visibility stays: the screen's readers are subscribed to that one.
    const screen = same ? { ...before, shown } : { ...current, visibility: before.visibility, shown };
    return kept.map((candidate) => (candidate === before ? screen : candidate));
  }
  const screen = { ...current, visibility: createScreenVisibility(true), shown };
  const all = [...kept, screen];
  if (all.length <= limit) return all;
  const oldest = Math.min(...all.map((candidate) => candidate.shown));
  return all.filter((candidate) => candidate.shown !== oldest);
}

/** A screen's element framed in the location it shows, so a hidden one keeps reading its own. */
function framed(
  key: string,
  outlet: ReactNode,
  context: KeptScreen['context'],
): Omit<KeptScreen, 'shown' | 'visibility'> {
  return {
    key,
    context,
    element: (
      <LocationContext.Provider value={context}>
        <ScreenLocationContext value={context.location}>{outlet}</ScreenLocationContext>
      </LocationContext.Provider>
    ),
  };
}

function latest(kept: readonly KeptScreen[]): number {
  return Math.max(0, ...kept.map((screen) => screen.shown));
}

function sameUrl(a: Location, b: Location): boolean {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

/**
 * The layout's outlet, keeping recently left screens mounted but hidden, so going back to one
 * shows it as it was at once instead of mounting its table and form again.
 *
 * A hidden screen is frozen at the location it last saw: its URL state (filters, page) and route
 * lookups stay its own, so it fetches nothing new. It is hidden by CSS (styles.css, content-visibility),
 * not by React's Activity:
 * Activity re-runs every layout effect of a screen it shows again, and antd's table measures its
 * columns there, laying out and rendering the screen twice (about a third of a route change back).
 * So a hidden screen's effects keep running, and what must stop out of sight reads the screen's
 * visibility (session/screen-visibility): blockers, drawers and modals, the refresh on return.
 * Screens are told apart by route pattern: the same screen under another query is updated in place.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const route = useCurrentRoute();
  const key = route?.path ?? location.pathname;
  const [kept, setKept] = useState<readonly KeptScreen[]>([]);
  // The menu reopens a screen as it was left: its query, and the page's scroll.
  useScreenMemory(location.pathname, location.search);
  // Derived during render (React's pattern for state following props), once per location change:
  // the shown screen never waits an extra commit for the list to catch up.
  const known = kept.find((screen) => screen.key === key);
  const fresh =
    known !== undefined && known.shown === latest(kept) && sameUrl(known.context.location, location)
      ? kept
      : keepScreen(kept, framed(key, outlet, { location, navigationType }), keptScreens);
  if (fresh !== kept) setKept(fresh);
  // After the commit that hid or showed them, before paint: readers (a drawer's open state) follow
  // in the same frame.
  useLayoutEffect(() => {
    for (const screen of fresh) screen.visibility.set(screen.key === key);
  }, [fresh, key]);

  return fresh.map((screen) => (
    // The element is the one kept, so React renders nothing inside when only `hidden` changes.
    <div
      key={screen.key}
      className={screen.key === key ? 'cfop-kept-screen' : 'cfop-kept-screen cfop-kept-screen-hidden'}
    >
      <ScreenVisibilityContext value={screen.visibility}>{screen.element}</ScreenVisibilityContext>
    </div>
  ));
}
