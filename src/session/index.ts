export { SessionProvider, useSession } from './SessionProvider';
export { ReadCacheProvider } from './ReadCacheProvider';
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
