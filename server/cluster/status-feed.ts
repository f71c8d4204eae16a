import type { ChangeChannel } from './change-channel';
import type { StatusEvent } from './status-event';

/**
 * Carries status changes of cameras and AI servers to the open event streams. Unlike alerts they are
 * not numbered or replayed: a status is a current value, which a console that reconnects reads again
 * with its rows.
 */
export interface StatusFeed {
  publish(events: readonly StatusEvent[]): void;
  /** Calls `listener` with each published batch, until the answer is called. */
  subscribe(listener: (events: readonly StatusEvent[]) => void): () => void;
}

/** The feed of one server; with `channel` (several servers on PostgreSQL) it carries the others' changes too. */
export function createStatusFeed(channel: ChangeChannel | null = null): StatusFeed {
  const listeners = new Set<(events: readonly StatusEvent[]) => void>();
  const tellLocal = (events: readonly StatusEvent[]) => listeners.forEach((listener) => listener(events));
  channel?.subscribe((notice) => {
    if (notice.kind === 'status') tellLocal(notice.events);
  });
  return {
    publish(events) {
      if (events.length === 0) return;
      tellLocal(events);
      channel?.publish({ kind: 'status', events });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
