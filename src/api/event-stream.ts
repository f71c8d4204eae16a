import type { paths } from '../generated/openapi';
import { appSettings } from '../generated/settings';
import { call, type ApiAnswer } from './call';
import { connection, isOutageAnswer } from './connection';
import { requestHeaders } from './request-headers';

/** The paths whose GET answers a server-sent event stream (`/alerts/stream`). */
export type EventStreamPath = {
  [P in keyof paths]: paths[P] extends {
    get: { responses: { 200: { content: { 'text/event-stream': unknown } } } };
  }
    ? P
    : never;
}[keyof paths];

/** One server-sent event: its id (the position to resume after), its name and its data. */
export interface StreamEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
}

/** `open` once the connection's first bytes have come (the server then knows where it starts). */
export type StreamStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface StreamOptions {
  /** Resume after this event id (one seen before); default: events from now on. */
  readonly after?: string | null;
  readonly onEvent: (event: StreamEvent) => void;
  readonly onStatus?: (status: StreamStatus) => void;
  /** Only for tests: the product values are below. */
  readonly stallMs?: number;
  readonly backoffMs?: readonly number[];
}

export interface Subscription {
  close(): void;
}

/**
 * A stream sends a comment every 15 s when it has nothing else; three missed in a row mean the
 * connection is dead even though no error came (a sleeping laptop, a proxy that dropped it).
 */
export const streamStallMs = 45_000;

/** Waits before each reconnection in a row; the last repeats. Reset once a connection opens. */
export const streamBackoffMs: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];

/**
 * Splits server-sent event text into events (spec: WHATWG HTML §9.2). Feed it chunks as they come;
 * it keeps an unfinished event for the next chunk. Comment lines (`: keep-alive`) are skipped.
 */
export function createEventParser(onEvent: (event: StreamEvent) => void): (chunk: string) => void {
  let buffer = '';
  let id: string | null = null;
  let event = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onEvent({ id, event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'event') event = value;
      else if (field === 'id' && !value.includes('\0')) id = value;
    }
  };
}

/** Why a connection ended: the caller closed it, the server refused it (no retry), or it broke. */
type Ending = 'closed' | 'refused' | 'broken';

/**
 * Subscribes to a server-sent event stream under /cfop with every call's headers (an EventSource
 * could send no session header). Unlike other calls it has no 60 s time-out for the whole request,
 * as it stays open; 45 s without a byte count as a stall instead. A broken or stalled connection
 * is opened again after a growing pause, cut short when the server answers another call, resuming
 * after the last event id seen (`Last-Event-ID`), so no event is lost. A refusal is handled as any call's failure (a 401 toasts 登陆已过期
 * and goes to the login page) and ends the subscription.
 */
export function subscribeEvents(path: EventStreamPath, options: StreamOptions): Subscription {
  const stallMs = options.stallMs ?? streamStallMs;
  const backoff = options.backoffMs ?? streamBackoffMs;
  let lastId = options.after ?? null;
  let closed = false;
  let current: AbortController | null = null;
  let wakeUp: () => void = () => undefined;
  let failures = 0;
  /** Whether the current connection has said 'open' (reset for each connection). */
  let opened = false;

  const status = (next: StreamStatus) => options.onStatus?.(next);

  const connect = async (): Promise<Ending> => {
    const abort = new AbortController();
    current = abort;
    opened = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => abort.abort(new Error(`no byte for ${stallMs} ms`)), stallMs);
    };
    watch();
    try {
      const headers = requestHeaders({ Accept: 'text/event-stream' });
      if (lastId !== null) headers.set('Last-Event-ID', lastId);
      const response = await fetch(`${appSettings.apiBasePath}${path}`, {
        headers,
        signal: abort.signal,
      }).catch((error: unknown) => {
        // The stream is often the only request of a screen left open: it tells the console too.
        if (!closed) connection.markLost();
        throw error;
      });
      if (isOutageAnswer(response)) connection.markLost();
      else connection.markAnswered();
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !type.startsWith('text/event-stream')) return await refusal(response);
      if (response.body === null) return 'broken';
      const parse = createEventParser((event) => {
        if (event.id !== null) lastId = event.id;
        options.onEvent(event);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        watch();
        // Open once bytes flow: a server sends its first after it knows where the stream starts.
        if (!opened) {
          failures = 0;
          opened = true;
          status('open');
        }
        parse(part.value);
      }
      return closed ? 'closed' : 'broken';
    } catch {
      return closed ? 'closed' : 'broken';
    } finally {
      clearTimeout(stall);
    }
  };

  /** A refused stream (401, 403) answers an envelope: handled as any call's. A 5xx is retried. */
  const refusal = async (response: Response): Promise<Ending> => {
    if (response.status >= 500) return 'broken';
    const body = (await response.json().catch(() => undefined)) as Awaited<ApiAnswer<unknown>>['data'];
    await call(Promise.resolve({ data: body, error: body, response })).catch(() => undefined);
    return 'refused';
  };

  const run = async () => {
    status('connecting');
    for (;;) {
      const ending = await connect();
      if (closed || ending !== 'broken') break;
      status('reconnecting');
      const pause = backoff[Math.min(failures, backoff.length - 1)] ?? 1000;
      failures += 1;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stopWatching();
          resolve();
        };
        const timer = setTimeout(done, pause);
        // The server answering any call ends the pause: after a long outage the backoff has grown
        // to 30 s, and a screen should not wait that long to go live again once the server is back.
        const stopWatching = connection.subscribe(() => {
          if (!connection.lost()) done();
        });
        wakeUp = done;
      });
      if (closed) break;
    }
    status('closed');
  };
  void run();

  return {
    close() {
      closed = true;
      wakeUp();
      current?.abort();
    },
  };
}
