// ReadCacheProvider is imported by its path, by the signed-in layout only: this barrel loads with
// the sign-in page, which must not carry TanStack Query.
export { SessionProvider, useSession } from './SessionProvider';
export type { CurrentUser, SessionValue } from './SessionProvider';
export { accessFromPermissions, isRouteAccessible } from './access';
export type { Access, AccessGated } from './access';
export {
  guardRedirect,
  isLoginPage,
  loginRedirectFrom,
  safeRedirect,
  shouldFetchUserAtStart,
} from './navigation-rules';
export type { PageLocation } from './navigation-rules';
export { preloadToasts } from '../api';
export { useConnectionLost } from './screen-visibility';
