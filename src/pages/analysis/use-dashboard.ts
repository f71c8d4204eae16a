import { useCallback, useEffect, useRef, useState } from 'react';
import { api, call } from '../../api';
import { useScreenShown, useWhenScreenShownAgain } from '../../session/screen-visibility';
import type { DashboardQuery } from './period';
import type { OperationsDashboard } from './series';

/** How often the figures refresh while the operator looks at them. */
export const refreshIntervalMs = 60_000;

interface Loaded {
  readonly data: OperationsDashboard;
  /** The query the figures answer. */
  readonly query: DashboardQuery;
  readonly at: Date;
}

export interface DashboardState {
  /** The figures last loaded, kept on screen while newer ones load or when a refresh fails. */
  readonly data: OperationsDashboard | null;
  /** Whether `data` answers the query asked (not the period shown before). */
  readonly current: boolean;
  /** A load the operator waits for: the first, a new period, the refresh button. */
  readonly loading: boolean;
  /** The last load of this query failed (toasted when asked for; a quiet refresh only marks it). */
  readonly failed: boolean;
  readonly updatedAt: Date | null;
  reload(): void;
}

/**
 * The dashboard's figures for a query: loaded when the query changes, refreshed quietly every minute
 * while the screen is shown and the browser tab is visible (a screen the layout keeps hidden does not
 * poll) and at once when it is shown again, and on demand (`reload`). A newer load cancels the older.
 * `query` is compared by identity: the caller keeps it the same object while the period is.
 */
export function useDashboard(query: DashboardQuery): DashboardState {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failedQuery, setFailedQuery] = useState<DashboardQuery | null>(null);
  const [reloading, setReloading] = useState(false);
  const running = useRef<AbortController | null>(null);

  const load = useCallback(
    (quiet: boolean) => {
      running.current?.abort();
      const stop = new AbortController();
      running.current = stop;
      call(api.GET('/analysis/operations', { params: { query }, signal: stop.signal }), {
        signal: stop.signal,
        // A refresh nobody asked for fails silently (marked on screen) rather than toasting each minute.
        skipErrorHandler: quiet,
      }).then(
        (data) => {
          setLoaded({ data, query, at: new Date() });
          setFailedQuery(null);
          setReloading(false);
        },
        () => {
          if (stop.signal.aborted) return;
          setFailedQuery(query);
          setReloading(false);
        },
      );
    },
    [query],
  );

  useEffect(() => {
    load(false);
    return () => running.current?.abort();
  }, [load]);

  const shown = useScreenShown();
  useEffect(() => {
    if (!shown) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load(true);
    }, refreshIntervalMs);
    return () => clearInterval(timer);
  }, [shown, load]);
  useWhenScreenShownAgain(() => load(true));

  const reload = useCallback(() => {
    setReloading(true);
    load(false);
  }, [load]);

  const current = loaded?.query === query;
  const failed = failedQuery === query;
  return {
    data: loaded?.data ?? null,
    current,
    loading: reloading || (!current && !failed),
    failed,
    updatedAt: loaded?.at ?? null,
    reload,
  };
}
