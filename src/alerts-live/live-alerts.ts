import { consoleEvents, sharedHold } from '../api/console-events';
import type { StreamStatus, Subscription } from '../api/event-stream';
import type { components } from '../generated/openapi';

export type Alert = components['schemas']['Alert'];

/**
 * The longest a live alert waits before it is shown: a burst of alerts (a crowd in front of ten
 * cameras) then renders as one update every quarter second, never one per alert.
 */
export const flushEveryMs = 250;

/** Runs `flush` later; tests pass their own to flush by hand. */
export type FlushScheduler = (flush: () => void) => void;

const afterQuarterSecond: FlushScheduler = (flush) => void setTimeout(flush, flushEveryMs);

/** How the store opens the live stream; tests pass a fake. */
export type StreamOpener = (options: {
  onAlert: (alert: Alert) => void;
  onStatus: (status: StreamStatus) => void;
}) => Subscription;

/** The alerts of the console's one event stream, which the lists' live rows share. */
const openAlertStream: StreamOpener = ({ onAlert, onStatus }) => {
  const stopAlerts = consoleEvents.on('alert', (data) => onAlert(JSON.parse(data) as Alert));
  const stopStatus = consoleEvents.onStatus(onStatus);
  const release = consoleEvents.retain();
  return {
    close() {
      stopAlerts();
      stopStatus();
      release();
    },
  };
};

export interface LiveAlertStore {
  /**
   * Queues an alert (raised or handled) for the next batch: from the stream, or a call's answer (an
   * alert this console just handled), which every screen showing it takes in the same way.
   */
  push(alert: Alert): void;
  /** Calls `listener` with each batch, oldest first, once per flush; answers the unsubscribe. */
  onBatch(listener: (batch: readonly Alert[]) => void): () => void;
  /** The newest alert of one camera, for useSyncExternalStore; only its listeners hear of it. */
  subscribeCamera(cameraId: number, listener: () => void): () => void;
  cameraAlert(cameraId: number): Alert | undefined;
  subscribeStatus(listener: () => void): () => void;
  status(): StreamStatus;
  /** Keeps the live stream open while anyone holds it; answers the release. */
  retain(): () => void;
}

/** The live alerts of the console: one stream, batched, shared by every screen that shows them. */
export function createLiveAlertStore(
  options: { schedule?: FlushScheduler; open?: StreamOpener } = {},
): LiveAlertStore {
  const schedule = options.schedule ?? afterQuarterSecond;
  const open = options.open ?? openAlertStream;
  let queue: Alert[] = [];
  let flushPending = false;
  const batchListeners = new Set<(batch: readonly Alert[]) => void>();
  const cameraListeners = new Map<number, Set<() => void>>();
  const latestByCamera = new Map<number, Alert>();
  const statusListeners = new Set<() => void>();
  let status: StreamStatus = 'closed';

  const flush = () => {
    flushPending = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const touched = new Set<number>();
    for (const alert of batch) {
      if (alert.cameraId === null) continue;
      const known = latestByCamera.get(alert.cameraId);
      // The camera's newest alert, or a newer state (handled) of the one it shows.
      if (!known || known.id <= alert.id) {
        latestByCamera.set(alert.cameraId, alert);
        touched.add(alert.cameraId);
      }
    }
    batchListeners.forEach((listener) => listener(batch));
    for (const cameraId of touched) cameraListeners.get(cameraId)?.forEach((listener) => listener());
  };

  const setStatus = (next: StreamStatus) => {
    status = next;
    statusListeners.forEach((listener) => listener());
  };

  const add = <T>(set: Set<T>, item: T) => {
    set.add(item);
    return () => void set.delete(item);
  };

  const store: LiveAlertStore = {
    push(alert) {
      queue.push(alert);
      if (flushPending) return;
      flushPending = true;
      schedule(flush);
    },
    onBatch: (listener) => add(batchListeners, listener),
    subscribeCamera(cameraId, listener) {
      const listeners = cameraListeners.get(cameraId) ?? new Set();
      cameraListeners.set(cameraId, listeners);
      const remove = add(listeners, listener);
      return () => {
        remove();
        if (listeners.size === 0) cameraListeners.delete(cameraId);
      };
    },
    cameraAlert: (cameraId) => latestByCamera.get(cameraId),
    subscribeStatus: (listener) => add(statusListeners, listener),
    status: () => status,
    // The console's event stream resumes after the last alert it delivered when opened again.
    retain: sharedHold(() => open({ onAlert: store.push, onStatus: setStatus })),
  };
  return store;
}

/** The console's one live-alert store. */
export const liveAlerts = createLiveAlertStore();
