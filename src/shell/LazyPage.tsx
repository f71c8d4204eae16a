import { useEffect, useState, type ComponentType } from 'react';
import type { RouteDef } from '../generated/routes';
import { appSettings } from '../generated/settings';
import { consolePathOf, findRoute } from '../session/route-lookup';
import { ChunkErrorPage } from './ChunkErrorPage';
import { claimReloadForChunkError, forgetChunkReload, withTimeout } from './chunk-load';
import { PageSpin } from './PageSpin';

type PageLoader = NonNullable<RouteDef['load']>;

// A page's code is fetched once per tab; coming back to a route renders it at once.
const loadedPages = new WeakMap<PageLoader, ComponentType>();

/**
 * Fetches the chunk of the page at `pathname` (a browser address's path) ahead of its first render,
 * which then shows the page at once instead of a spinner first. A failure is left for LazyPage to
 * meet (and show) when it renders the page.
 */
export function preloadPageAt(routes: readonly RouteDef[], pathname: string): Promise<void> {
  const load = findRoute(routes, consolePathOf(pathname))?.load;
  if (!load) return Promise.resolve();
  return withTimeout(load, appSettings.chunkTimeoutMs)().then(
    (module) => void loadedPages.set(load, module.default),
    () => undefined,
  );
}

/**
 * Loads a page chunk under the time-out and shows the retry page when that fails. `name`
 * identifies the chunk across a reload (e.g. the route's page, 'analysis/OperationsDashboard').
 */
export function LazyPage({ name, load }: { name: string; load: PageLoader }) {
  const [loaded, setLoaded] = useState(() => {
    const Page = loadedPages.get(load);
    return Page ? { Page } : null;
  });
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loaded) return;
    let current = true;
    withTimeout(load, appSettings.chunkTimeoutMs)().then(
      (module) => {
        forgetChunkReload(name, sessionStorage);
        loadedPages.set(load, module.default);
        if (current) setLoaded({ Page: module.default });
      },
      (error: unknown) => {
        if (claimReloadForChunkError(error, name, sessionStorage, navigator.onLine)) window.location.reload();
        else if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [name, load, loaded, attempt]);

  if (loaded) return <loaded.Page />;
  if (failed) {
    return (
      <ChunkErrorPage
        onRetry={() => {
          setFailed(false);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return <PageSpin />;
}
