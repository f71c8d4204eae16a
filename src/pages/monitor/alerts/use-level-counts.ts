import { useEffect, useState } from 'react';
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

/**
 * The counters above the wall: read from the server once the live stream is open (`ready`), as the
 * wall's first page is, then kept by the live alerts that match (raised counts, handled goes; the
 * bell's bookkeeping, so one heard twice counts once). Null until the server answered.
 */
export function useLevelCounts(
  filters: AlertFilters,
  ready: boolean,
  store: LiveAlertStore = liveAlerts,
): LevelCounts | null {
  const [counts, setCounts] = useState<LevelCounts | null>(null);
  useEffect(() => {
    if (!ready) return undefined;
    const counted = countedFilters(filters);
    let current: PendingAlerts | null = null;
    let cappedLevels: readonly string[] = [];
    const applied = new Map<number, boolean>();
    let stopped = false;
    const stopLive = store.onBatch((batch) => {
      // Heard before the answer: the answer counts it already (or its handling).
      if (!current) return;
      for (const alert of batch) {
        if (matchesFilters(alert, counted)) current = applyAlertChange(current, alert, applied);
      }
      setCounts({ byLevel: current.byLevel, cappedLevels });
    });
    countPendingByLevel(counted as AlertListFilters).then(
      (read) => {
        if (stopped) return;
        current = { known: true, total: 0, capped: false, latest: [], byLevel: read.byLevel };
        cappedLevels = read.cappedLevels;
        setCounts({ byLevel: current.byLevel, cappedLevels });
      },
      // The counters stay unknown; the wall's next search reads them again.
      () => undefined,
    );
    return () => {
      stopped = true;
      stopLive();
    };
  }, [filters, ready, store]);
  return counts;
}
