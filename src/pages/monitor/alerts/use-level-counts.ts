import { skipToken, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  applyAlertChange,
  countPendingByLevel,
  type AlertListFilters,
  type PendingAlerts,
} from '../../../session/pending-alerts';
import { liveAlerts, type LiveAlertStore } from '../../../alerts-live/live-alert-store';
import { matchesFilters, type AlertFilters } from './wall-state';

/** The pending alerts of each level among those `filters` select (whatever their level and status). */
export interface LevelCounts {
  readonly byLevel: PendingAlerts['byLevel'];
  /** The levels counted no further than the server's cap: that many or more. */
  readonly cappedLevels: readonly string[];
}

/** The filters the counters count under: the wall's, each level and pending only. */
export function countedFilters(filters: AlertFilters): AlertFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([name]) => name !== 'level' && name !== 'status'),
  );
}

const levelCountsKey = (counted: AlertFilters) => ['/alerts', 'pending by level', counted] as const;

/**
 * What each cached answer's live changes did to each alert since the server answered (the bell's
 * bookkeeping, so one heard twice counts once), whichever wall heard them.
 */
const appliedSince = new WeakMap<
  Query,
  { readonly answeredAt: number; readonly applied: Map<number, boolean> }
>();

function appliedTo(query: Query): Map<number, boolean> {
  const kept = appliedSince.get(query);
  if (kept?.answeredAt === query.state.dataUpdatedAt) return kept.applied;
  const applied = new Map<number, boolean>();
  appliedSince.set(query, { answeredAt: query.state.dataUpdatedAt, applied });
  return applied;
}

/**
 * The counters above the wall: read from the server once the live stream is open (`ready`), as the
 * wall's first page is, then kept by the live alerts that match (raised counts, handled goes) in the
 * cached answer. A wall shown again shows the counts it had at once and reads them again. Null until
 * the server answered.
 */
export function useLevelCounts(
  filters: AlertFilters,
  ready: boolean,
  store: LiveAlertStore = liveAlerts,
): LevelCounts | null {
  const client = useQueryClient();
  const counted = useMemo(() => countedFilters(filters), [filters]);
  const counts = useQuery<LevelCounts>({
    queryKey: levelCountsKey(counted),
    // The counters stay unknown after a failure; the wall's next search reads them again.
    queryFn: ready ? () => countPendingByLevel(counted as AlertListFilters) : skipToken,
    // Live changes keep the answer only while a wall shows it: shown again, it is read again.
    staleTime: 0,
  });

  useEffect(() => {
    if (!ready) return undefined;
    const queryKey = levelCountsKey(counted);
    return store.onBatch((batch) => {
      const query = client.getQueryCache().find<LevelCounts>({ queryKey, exact: true });
      const answer = query?.state.data;
      // Heard before the answer: the answer counts it already (or its handling).
      if (!query || !answer) return;
      const applied = appliedTo(query as Query);
      let current: PendingAlerts = {
        known: true,
        total: 0,
        capped: false,
        latest: [],
        byLevel: answer.byLevel,
      };
      for (const alert of batch) {
        if (matchesFilters(alert, counted)) current = applyAlertChange(current, alert, applied);
      }
      if (current.byLevel === answer.byLevel) return;
      // Still the server's answer of that moment: a newer answer starts the bookkeeping afresh.
      client.setQueryData<LevelCounts>(
        queryKey,
        { ...answer, byLevel: current.byLevel },
        { updatedAt: query.state.dataUpdatedAt },
      );
    });
  }, [client, counted, ready, store]);
  return counts.data ?? null;
}
