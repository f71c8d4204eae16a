import type { ChangeChannel } from './change-channel';

/**
 * Tells the live streams that alerts changed (one was raised or handled). It carries no alerts: each
 * stream reads what changed after the last revision it sent, so nothing is lost between a change and
 * its notice, and a stream that was busy reads everything at once.
 */
export interface AlertFeed {
  /** Called after the change committed; also tells the other servers on the database (`channel`). */
  changed(): void;
  /** Calls `listener` after every change, until the answer is called. */
  subscribe(listener: () => void): () => void;
  /** Ends every stream (the app is closing): listeners get `closing`. */
  close(): void;
  onClose(listener: () => void): () => void;
}

/** The feed of one server; with `channel` (several servers on PostgreSQL) it hears the others' changes too. */
export function createAlertFeed(channel: ChangeChannel | null = null): AlertFeed {
  const listeners = new Set<() => void>();
  const closers = new Set<() => void>();
  const add = (set: Set<() => void>, listener: () => void) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  const tellLocal = () => listeners.forEach((listener) => listener());
  channel?.subscribe((notice) => {
    if (notice.kind === 'alerts') tellLocal();
  });
  return {
    changed() {
      tellLocal();
      channel?.publish({ kind: 'alerts' });
    },
    subscribe: (listener) => add(listeners, listener),
    close: () => closers.forEach((closer) => closer()),
    onClose: (listener) => add(closers, listener),
  };
}
