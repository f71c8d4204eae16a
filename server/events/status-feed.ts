import type { components } from '../../src/generated/openapi';

type Schemas = components['schemas'];

/** A status change the console's event stream passes on, named as its `event:` line. */
export type StatusEvent =
  | { readonly event: 'cameraStatus'; readonly data: Schemas['CameraStatusEvent'] }
  | { readonly event: 'aiServerStatus'; readonly data: Schemas['AiServerStatusEvent'] };

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

export function createStatusFeed(): StatusFeed {
  const listeners = new Set<(events: readonly StatusEvent[]) => void>();
  return {
    publish(events) {
      if (events.length > 0) listeners.forEach((listener) => listener(events));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
