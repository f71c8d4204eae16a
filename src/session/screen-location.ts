import { createContext, use, useCallback } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_LocationContext as LocationContext,
  type Location,
} from 'react-router-dom';

/**
 * The location of the screen being rendered, given by the layout's outlet to each screen it keeps
 * (hidden screens keep the location they were left at). It is a context of its own because React
 * re-renders every reader of the router's location on each navigation, nested providers or not:
 * screens reading this one render only when their own URL changes.
 */
export const ScreenLocationContext = createContext<Location | null>(null);

/** The screen's location; outside a kept screen (the shell, tests), the router's. */
export function useScreenLocation(): Location {
  // `use` may be called conditionally: the router's location is read (and subscribed to) only
  // where no screen location is given.
  return use(ScreenLocationContext) ?? use(LocationContext).location;
}

/**
 * Moves the screen to another query of its own path through the router itself, which (unlike
 * useNavigate or useSearchParams) subscribes the screen to nothing that changes on navigation.
 */
export function useScreenQueryNavigate(): (search: URLSearchParams, options: { replace: boolean }) => void {
  const router = use(DataRouterContext)?.router;
  const { pathname } = useScreenLocation();
  return useCallback(
    (search, { replace }) => {
      if (!router) throw new Error('the console runs under a data router (createBrowserRouter)');
      const query = search.toString();
      void router.navigate({ pathname, search: query === '' ? '' : `?${query}` }, { replace });
    },
    [router, pathname],
  );
}
