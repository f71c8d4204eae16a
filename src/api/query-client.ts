import { QueryClient } from '@tanstack/react-query';
import { BusinessError } from './errors';
import { releaseObjectUrls } from './object-urls';

/** How long a read answered is reused without asking again (coming back to a screen, a drawer opened twice). */
export const freshForMs = 15_000;
/** How long an answer nobody shows is kept before it is dropped, so the cache stays small. */
export const keptUnusedMs = 5 * 60_000;

/**
 * A read failing is tried once more only when the server answered its own 5xx envelope (its
 * database away for a moment). Never a 4xx (asking again changes nothing), never a request that got
 * no answer or a gateway's outage page: the connection store (connection.ts) probes for the server,
 * and the screen shown reads again when it answers (useWhenScreenShownAgain). Each failure is told
 * by call() (a toast).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof BusinessError && Number(error.code) >= 500;
}

/** The console's read cache; one per tab, given to the signed-in layout (src/session/ReadCacheProvider.tsx). */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: freshForMs,
        gcTime: keptUnusedMs,
        retry: shouldRetry,
        // Every read is tried, also while the server is out of reach: its failure is what marks the
        // rows stale and feeds the connection store (middleware.ts), as before the cache.
        networkMode: 'always',
        // The tab coming into focus is no news; kept screens refresh when shown (screen-visibility).
        refetchOnWindowFocus: false,
        // The browser's network back: what is shown and older than freshForMs is read again. Not fed
        // by the connection store: each request answered flips it back, and every read shown would
        // run again with it while one operation alone fails.
        refetchOnReconnect: true,
      },
    },
  });
  releaseObjectUrls(client.getQueryCache());
  return client;
}

// Loaded with the signed-in screens only, so the sign-in page carries no TanStack Query; a page's
// module may fill it before the layout mounts (a linked alert, use-linked-alert.ts).
export const queryClient = createQueryClient();
