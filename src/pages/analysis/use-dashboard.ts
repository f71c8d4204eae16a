import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api, call } from '../../api';
import { useScreenShown, useWhenScreenShownAgain } from '../../session/screen-visibility';
import type { DashboardQuery } from './period';
import type { OperationsDashboard } from './series';

/** How often the figures refresh while the operator looks at them. */
export const refreshIntervalMs = 60_000;

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

const dashboardKey = (query: DashboardQuery) => ['/analysis/operations', query] as const;

/**
 * The dashboard's figures for a query, through the console's read cache: loaded when the query
 * changes (the last figures stay meanwhile), refreshed quietly every minute while the screen is shown
 * and the browser tab is visible (a screen the layout keeps hidden does not poll) and at once when it
 * is shown again, and on demand (`reload`).
 */
export function useDashboard(query: DashboardQuery): DashboardState {
  const client = useQueryClient();
  const key = dashboardKey(query);
  // The refresh button's read toasts its failure as a first load does; a refresh nobody asked for
  // fails silently (marked on screen) rather than toasting each minute.
  const asked = useRef(false);
  const shown = useScreenShown();
  const figures = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const quiet = !asked.current && client.getQueryData(key) !== undefined;
      asked.current = false;
      return call(api.GET('/analysis/operations', { params: { query }, signal }), {
        signal,
        skipErrorHandler: quiet,
      });
    },
    placeholderData: keepPreviousData,
    refetchInterval: shown && refreshIntervalMs,
    // Refreshed below when the server is back and the screen shown: a kept screen out of sight waits.
    refetchOnReconnect: false,
  });
  const { refetch } = figures;
  useWhenScreenShownAgain(() => void refetch());

  const [reloading, setReloading] = useState(false);
  const reload = useCallback(() => {
    setReloading(true);
    asked.current = true;
    void refetch().finally(() => setReloading(false));
  }, [refetch]);

  const current = figures.data !== undefined && !figures.isPlaceholderData;
  const failed = figures.isError;
  return {
    data: figures.data ?? null,
    current,
    loading: reloading || (!current && !failed),
    failed,
    updatedAt: current ? new Date(figures.dataUpdatedAt) : null,
    reload,
  };
}
