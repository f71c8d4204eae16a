import { requestHeaders } from './request-headers';
import { appSettings } from '../generated/settings';

type Listener = () => void;

// Gateways answer these while the server behind them is gone (stopped, restarting).
const outageStatuses = new Set([502, 503, 504]);
const firstProbeDelayMs = 1_000;
const longestProbeDelayMs = 10_000;
const probeTimeoutMs = 5_000;
// A cheap call any server answers, signed in or not: an envelope (even a 401) means it is back.
const probePath = '/user/info';

/**
 * Whether an answer says the server itself is unreachable rather than answering: a gateway's
 * 502/503/504 page. The server's own answers are JSON envelopes, also its 502 (a camera it cannot
 * reach) and its 503s (all live views in use, the database away): it answered, so it is there.
 */
export function isOutageAnswer(response: Pick<Response, 'status' | 'headers'>): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return outageStatuses.has(response.status) && !type.startsWith('application/json');
}

export interface ConnectionStore {
  /** true from a failed request (no answer, or a gateway's 502/503/504) until the next answer. */
  lost(): boolean;
  /** A request got no answer: the server is lost, and a probe asks for it until it answers. */
  markLost(): void;
  /** The server answered something. */
  markAnswered(): void;
  /** Calls `listener` after each change of `lost()`; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
}

/**
 * The console's link to the server, fed by every request (middleware.ts). While lost, a light
 * probe with backoff asks the server again, so the console recovers without anyone acting;
 * `probe` answers whether the answer was a gateway's outage page, or throws when nothing answered.
 */
export function createConnectionStore(probe: () => Promise<boolean>): ConnectionStore {
  let lost = false;
  // The next probe's timer; undefined while none waits (a probe may be on its way then).
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing = false;
  const listeners = new Set<Listener>();

  const change = (next: boolean) => {
    if (lost === next) return;
    lost = next;
    for (const listener of [...listeners]) listener();
  };
  const probeAfter = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      probing = true;
      probe()
        .then(
          (outage) => !outage && store.markAnswered(),
          () => undefined,
        )
        .finally(() => {
          probing = false;
          if (lost) probeAfter(Math.min(delayMs * 2, longestProbeDelayMs));
        });
    }, delayMs);
  };
  const store: ConnectionStore = {
    lost: () => lost,
    markLost() {
      change(true);
      if (timer === undefined && !probing) probeAfter(firstProbeDelayMs);
    },
    markAnswered() {
      clearTimeout(timer);
      timer = undefined;
      change(false);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return store;
}

async function probeServer(): Promise<boolean> {
  const response = await fetch(`${appSettings.apiBasePath}${probePath}`, {
    headers: requestHeaders(),
    signal: AbortSignal.timeout(probeTimeoutMs),
  });
  await response.body?.cancel();
  return isOutageAnswer(response);
}

/** The one connection store of the console. */
export const connection: ConnectionStore = createConnectionStore(probeServer);
