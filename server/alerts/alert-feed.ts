/**
 * Tells the live streams that alerts changed (one was raised or handled). It carries no alerts: each
 * stream reads what changed after the last revision it sent, so nothing is lost between a change and
 * its notice, and a stream that was busy reads everything at once.
 */
export interface AlertFeed {
  changed(): void;
  /** Calls `listener` after every change, until the answer is called. */
  subscribe(listener: () => void): () => void;
  /** Ends every stream (the app is closing): listeners get `closing`. */
  close(): void;
  onClose(listener: () => void): () => void;
}

export function createAlertFeed(): AlertFeed {
  const listeners = new Set<() => void>();
  const closers = new Set<() => void>();
  const add = (set: Set<() => void>, listener: () => void) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  return {
    changed: () => listeners.forEach((listener) => listener()),
    subscribe: (listener) => add(listeners, listener),
    close: () => closers.forEach((closer) => closer()),
    onClose: (listener) => add(closers, listener),
  };
}
