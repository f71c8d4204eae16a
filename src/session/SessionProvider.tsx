import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api, call, configureRequestEffects, toast, Toasts, tokenStore } from '../api';
import type { components } from '../generated/openapi';
import { modules } from '../generated/settings';
import type { ModuleValue } from '../generated/settings';
import { accessFromPermissions, isRouteAccessible } from './access';
import type { Access, AccessGated } from './access';
import { guardRedirect, isLoginPage, loginRedirectFrom, shouldFetchUserAtStart } from './navigation-rules';
import type { PageLocation } from './navigation-rules';
import { leaveConsoleFor } from './leave-console';

export type CurrentUser = components['schemas']['CurrentUser'];

export interface SessionValue {
  /** undefined until fetched, and when signed out. */
  readonly currentUser: CurrentUser | undefined;
  /** true while the start-up fetch of the current user runs. */
  readonly initializing: boolean;
  readonly selectedModule: ModuleValue;
  selectModule(value: ModuleValue): void;
  /** Fetches the current user; on failure clears it (so the guard goes to login) and gives undefined. */
  fetchUserInfo(): Promise<CurrentUser | undefined>;
  /** Stores the new session's token and fetches its user; throws (token dropped) when that fails. */
  signIn(session: { readonly token: string }): Promise<void>;
  /** Takes the user's profile as a call answered it (after changing their own settings). */
  updateCurrentUser(user: CurrentUser): void;
  /** Revokes the session on the server (failures ignored), forgets it, and goes to the login page. */
  logout(): Promise<void>;
  readonly access: Access;
  /** The route's own key holds and, for a parent, some child can be opened. */
  canOpen(route: AccessGated): boolean;
}

const SessionContext = createContext<SessionValue | null>(null);

function firstModule(): ModuleValue {
  const first = modules[0];
  if (!first) throw new Error('The manifest lists no module');
  return first.value;
}

function pageOf(url: string): PageLocation {
  const { pathname, search } = new URL(url, 'http://page.invalid');
  return { pathname, search };
}

/** The current user, the selected module, access and the login guard. Lives inside the router. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [fetchesUserAtStart] = useState(() => shouldFetchUserAtStart(tokenStore.get(), location.pathname));
  const [initializing, setInitializing] = useState(fetchesUserAtStart);
  const [currentUser, setCurrentUser] = useState<CurrentUser>();
  const [selectedModule, selectModule] = useState<ModuleValue>(firstModule);

  // The latest page for callbacks that run between renders (a 401, logout); a navigation
  // made here updates it at once, so a second 401 in the same moment sees the login page.
  const page = useRef<PageLocation>(location);
  useEffect(() => {
    page.current = location;
  }, [location]);

  const sendToLogin = useCallback(() => {
    const target = loginRedirectFrom(page.current);
    if (!target) return;
    page.current = pageOf(target);
    void navigate(target);
  }, [navigate]);

  // What the user read goes with the signed-in layout (ReadCacheProvider.tsx), which
  // unmounts as sendToLogin leaves it for the sign-in page.
  const endSession = useCallback(() => {
    tokenStore.clear();
    setCurrentUser(undefined);
  }, []);

  useEffect(() => {
    configureRequestEffects({
      toastError: (text) => toast('error', text),
      // The server no longer knows the token, so it is dropped with the user.
      goToLogin: () => {
        endSession();
        sendToLogin();
      },
      isOnLoginPage: () => isLoginPage(page.current.pathname),
    });
  }, [endSession, sendToLogin]);

  const loadUser = useCallback(async () => {
    const user = await call(api.GET('/user/info'));
    setCurrentUser(user);
    return user;
  }, []);

  const fetchUserInfo = useCallback(async () => {
    try {
      return await loadUser();
    } catch {
      setCurrentUser(undefined);
      return undefined;
    }
  }, [loadUser]);

  // A ref, not state: StrictMode runs effects twice and the user must be fetched once.
  const startupFetched = useRef(false);
  useEffect(() => {
    if (!fetchesUserAtStart || startupFetched.current) return;
    startupFetched.current = true;
    void fetchUserInfo().finally(() => setInitializing(false));
  }, [fetchesUserAtStart, fetchUserInfo]);

  useEffect(() => {
    const target = guardRedirect({ signedIn: currentUser !== undefined, initializing }, location);
    // Replace: the page the visitor could not see should not stay in the history.
    if (target) void navigate(target, { replace: true });
  }, [currentUser, initializing, location, navigate]);

  const signIn = useCallback(
    async (session: { readonly token: string }) => {
      tokenStore.set(session.token);
      try {
        await loadUser();
      } catch (error) {
        tokenStore.clear();
        throw error;
      }
    },
    [loadUser],
  );

  const logout = useCallback(async () => {
    const signedOut = await call(api.POST('/logout'), { skipErrorHandler: true }).catch(() => null);
    endSession();
    // A user of single sign-on signs out at the provider too, which sends them back to the login page.
    if (signedOut?.endSessionUrl) leaveConsoleFor(signedOut.endSessionUrl);
    else sendToLogin();
  }, [endSession, sendToLogin]);

  const access = useMemo(() => accessFromPermissions(currentUser?.permissionInfos ?? []), [currentUser]);
  const canOpen = useCallback((route: AccessGated) => isRouteAccessible(route, access), [access]);

  const value = useMemo<SessionValue>(
    () => ({
      currentUser,
      initializing,
      selectedModule,
      selectModule,
      fetchUserInfo,
      signIn,
      updateCurrentUser: setCurrentUser,
      logout,
      access,
      canOpen,
    }),
    [currentUser, initializing, selectedModule, fetchUserInfo, signIn, logout, access, canOpen],
  );
  return (
    <SessionContext value={value}>
      {children}
      <Toasts />
    </SessionContext>
  );
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs a <SessionProvider> above it');
  return value;
}
