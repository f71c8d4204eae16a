import type { ConsoleEventName } from '../generated/console-events';
import { subscribeEvents, type StreamStatus, type StreamOptions, type Subscription } from './event-stream';

export interface ConsoleEvents {
  /** Calls `listener` with the data of each `event` until the answer is called. */
  on(event: ConsoleEventName, listener: (data: string) => void): () => void;
  /** Calls `listener` with the connection's status now and on each change. */
  onStatus(listener: (status: StreamStatus) => void): () => void;
  /**
   * Keeps the stream open while anyone holds it; answers the release. A stream opened again resumes
   * after the last numbered event (an alert) it had, so no listener misses one in between.
   */
  retain(): () => void;
}

/**
 * A connection kept open while anyone holds it: the first hold opens it, the last release closes
 * it. Answers the hold; a hold's release counts once.
 */
export function sharedHold(open: () => Subscription): () => () => void {
  let holders = 0;
  let subscription: Subscription | null = null;
  return () => {
    holders += 1;
    subscription ??= open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders > 0) return;
      subscription?.close();
      subscription = null;
    };
  };
}

/** How the hub opens the stream; tests pass a fake. */
export type ConsoleStreamOpener = (options: StreamOptions) => Subscription;

/**
 * The console's one live connection (browsers allow six per host): every screen that shows live
 * rows or alerts listens to it, each to the events it needs; the server sends each user only the
 * events of the keys they hold.
 */
export function createConsoleEvents(
  open: ConsoleStreamOpener = (options) => subscribeEvents('/events/stream', options),
): ConsoleEvents {
  const listeners = new Map<string, Set<(data: string) => void>>();
  const statusListeners = new Set<(status: StreamStatus) => void>();
  let status: StreamStatus = 'closed';
  let lastId: string | null = null;
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      listener(status);
      return () => void statusListeners.delete(listener);
    },
    retain: sharedHold(() =>
      open({
        after: lastId,
        onEvent: (event) => {
          if (event.id !== null) lastId = event.id;
          listeners.get(event.event)?.forEach((listener) => listener(event.data));
        },
        onStatus: (next) => {
          status = next;
          statusListeners.forEach((listener) => listener(next));
        },
      }),
    ),
  };
}

/** The console's one event stream. */
export const consoleEvents = createConsoleEvents();
