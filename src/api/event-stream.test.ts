// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityHeaders } from '../generated/contract';
import { createEventParser, subscribeEvents, type StreamEvent, type StreamStatus } from './event-stream';
import { connection } from './connection';
import { envelope, fakeBackend, jsonResponse } from './test-support';
import { tokenStore } from './token-store';
import { scaled } from '../../test-support/test-timeouts';

/** A stream answer the test writes to, and can end (a dropped connection) or leave silent (a stall). */
function openStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    drop: () => controller.close(),
  };
}

type Stream = ReturnType<typeof openStream>;

/** Serves each connection from `next()`; records the requests' headers. */
function serve(next: (request: { headers: Headers; signal: AbortSignal }) => Response | Stream) {
  const seen: Headers[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      seen.push(headers);
      const answer = next({ headers, signal: init.signal as AbortSignal });
      if (answer instanceof Response) return answer;
      // Like fetch: an abort errors the body being read.
      init.signal?.addEventListener('abort', () => {
        try {
          answer.drop();
        } catch {
          // already closed
        }
      });
      return answer.response;
    }),
  );
  return seen;
}

const until = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: scaled(2000) });

describe('createEventParser', () => {
  it('splits events across chunks, keeps the last id, skips comments', () => {
    const events: StreamEvent[] = [];
    const parse = createEventParser((event) => events.push(event));
    parse(': connected\n\nid: 7\nevent: alert\ndata: {"a"');
    expect(events).toEqual([]);
    parse(':1}\n\n: keep-alive\n\ndata: one\r\ndata: two\r\n\r\n');
    expect(events).toEqual([
      { id: '7', event: 'alert', data: '{"a":1}' },
      { id: '7', event: 'message', data: 'one\ntwo' },
    ]);
  });
});

describe('subscribeEvents', () => {
  beforeEach(() => tokenStore.set('t0ken'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends the session headers and resumes after the last id when the connection drops', async () => {
    const streams: Stream[] = [];
    const seen = serve(() => {
      const stream = openStream();
      streams.push(stream);
      return stream;
    });
    const events: string[] = [];
    const statuses: StreamStatus[] = [];
    const subscription = subscribeEvents('/alerts/stream', {
      onEvent: (event) => events.push(`${event.id}:${event.data}`),
      onStatus: (status) => statuses.push(status),
      backoffMs: [10],
    });
    await until(() => streams.length === 1);
    expect(seen[0]?.get(securityHeaders.sessionToken)).toBe('t0ken');
    expect(seen[0]?.get(securityHeaders.clientType)).toBe('PC');
    expect(seen[0]?.has('Last-Event-ID')).toBe(false);
    streams[0]?.write('id: 3\nevent: alert\ndata: a\n\n');
    await until(() => events.length === 1);
    streams[0]?.drop();
    await until(() => streams.length === 2);
    expect(seen[1]?.get('Last-Event-ID')).toBe('3');
    streams[1]?.write('id: 4\nevent: alert\ndata: b\n\n');
    await until(() => events.length === 2);
    expect(events).toEqual(['3:a', '4:b']);
    subscription.close();
    await until(() => statuses.at(-1) === 'closed');
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open', 'closed']);
  });

  it('treats a silent connection as stalled: opens another, with no overall time-out while bytes come', async () => {
    const streams: Stream[] = [];
    serve(() => {
      const stream = openStream();
      streams.push(stream);
      return stream;
    });
    // The test's clock, not the machine's: a busy machine's late timer is no silence.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const subscription = subscribeEvents('/alerts/stream', {
      onEvent: () => undefined,
      stallMs: 150,
      backoffMs: [10],
    });
    await until(() => streams.length === 1);
    // Comments every 50 ms for 400 ms: longer than the stall time in all, never silent for it.
    for (let i = 0; i < 8; i += 1) {
      streams[0]?.write(': keep-alive\n\n');
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(150 + 10);
    await until(() => streams.length === 2);
    subscription.close();
  });

  it('on a 401 toasts 登陆已过期, goes to the login page and stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { effects } = fakeBackend(() => jsonResponse({}));
    let connections = 0;
    serve(() => {
      connections += 1;
      return jsonResponse(envelope('401', null, '未登录或登录已过期'), 401);
    });
    const statuses: StreamStatus[] = [];
    subscribeEvents('/alerts/stream', {
      onEvent: () => undefined,
      onStatus: (s) => statuses.push(s),
      backoffMs: [10],
    });
    await until(() => statuses.at(-1) === 'closed');
    expect(effects.toastError).toHaveBeenCalledWith('登陆已过期');
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    // Far past every pause it would wait before another try.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connections).toBe(1);
  });

  it('retries a server error with growing pauses', async () => {
    let connections = 0;
    serve(() => {
      connections += 1;
      return new Response('bad gateway', { status: 502 });
    });
    const subscription = subscribeEvents('/alerts/stream', { onEvent: () => undefined, backoffMs: [10, 20] });
    await until(() => connections >= 3);
    subscription.close();
  });

  it('ends a long pause as soon as the server answers another call', async () => {
    let serverBack = false;
    const streams: Stream[] = [];
    serve(() => {
      if (!serverBack) throw new TypeError('Failed to fetch');
      const stream = openStream();
      streams.push(stream);
      return stream;
    });
    const statuses: StreamStatus[] = [];
    // A pause no test would wait out: only the server's return can end it.
    const subscription = subscribeEvents('/alerts/stream', {
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
      backoffMs: [scaled(600_000)],
    });
    await until(() => statuses.includes('reconnecting') && connection.lost());
    serverBack = true;
    connection.markAnswered();
    await until(() => streams.length === 1);
    streams[0]?.write(': hello\n\n');
    await until(() => statuses.at(-1) === 'open');
    subscription.close();
    await until(() => statuses.at(-1) === 'closed');
  });
});
