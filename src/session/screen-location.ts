import { createContext, use, useCallback } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_LocationContext as LocationContext,
  type Location,
  type To,
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
 * Navigates through the router itself, which (unlike useNavigate, which reads the location)
 * subscribes the caller to nothing that changes on navigation: the header's menus do not render
 * again on every route change.
 */
export function useRouterNavigate(): (to: To, options?: { replace: boolean }) => void {
  const router = use(DataRouterContext)?.router;
  return useCallback(
    (to, options) => {
      if (!router) throw new Error('the console runs under a data router (createBrowserRouter)');
      void router.navigate(to, options);
    },
    [router],
  );
}

/** Moves the screen to another query of its own path, subscribed only to the screen's location. */
export function useScreenQueryNavigate(): (search: URLSearchParams, options: { replace: boolean }) => void {
  const navigate = useRouterNavigate();
  const { pathname } = useScreenLocation();
  return useCallback(
    (search, options) => {
      const query = search.toString();
      navigate({ pathname, search: query === '' ? '' : `?${query}` }, options);
    },
    [navigate, pathname],
  );
}
