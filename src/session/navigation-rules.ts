import { appSettings } from '../generated/settings';

/** The part of a location the session rules read. */
export interface PageLocation {
  readonly pathname: string;
  readonly search: string;
}

export function isLoginPage(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === appSettings.loginPath;
}

/**
 * `/user/login?redirect=<path and query>`, so sign-in can bring the user back; null when the
 * page is the login page itself (logout, 401 and the guard all stay there).
 */
export function loginRedirectFrom(page: PageLocation): string | null {
  if (isLoginPage(page.pathname)) return null;
  const query = new URLSearchParams({ redirect: page.pathname + page.search });
  return `${appSettings.loginPath}?${query.toString()}`;
}

/** At start: fetch the user only with a stored token and away from the login page. */
export function shouldFetchUserAtStart(token: string | null, pathname: string): boolean {
  return Boolean(token) && !isLoginPage(pathname);
}

/** On every page change: where to send a visitor who is not signed in, or null to stay. */
export function guardRedirect(
  state: { readonly signedIn: boolean; readonly initializing: boolean },
  page: PageLocation,
): string | null {
  return state.signedIn || state.initializing ? null : loginRedirectFrom(page);
}

/**
 * Where to go after sign-in given the `redirect` query value: only a path of this origin
 * (never `//host`, `/\host` or another origin, nor the login page itself), else home.
 */
export function safeRedirect(redirect: string | null | undefined, origin: string): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return appSettings.homePath;
  }
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return appSettings.homePath;
  }
  if (url.origin !== new URL(origin).origin || isLoginPage(url.pathname)) return appSettings.homePath;
  return url.pathname + url.search + url.hash;
}
