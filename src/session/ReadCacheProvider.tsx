import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from '../api/query-client';

/** Signed-in layouts mounted now: at most one, for a moment two while StrictMode rehearses. */
let mountedLayouts = 0;

/**
 * The console's read cache (src/api/query-client.ts) for the signed-in layout only: the sign-in
 * page never loads TanStack Query. The layout unmounts when the session ends (sign-out, an expired
 * session: both go to the sign-in page), and what its user read goes with it, so the next user to
 * sign in never sees an answer given to the last one. StrictMode's rehearsal unmount is followed
 * by a remount in the same task, hence the clear waits a microtask and runs only if none came.
 */
export function ReadCacheProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    mountedLayouts += 1;
    return () => {
      mountedLayouts -= 1;
      queueMicrotask(() => {
        if (mountedLayouts === 0) queryClient.clear();
      });
    };
  }, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
