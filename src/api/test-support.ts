import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { configureRequestEffects } from './call';
import { createApiClient } from './client';
import { createQueryClient } from './query-client';

export function envelope(code: string, data: unknown, msg = ''): Record<string, unknown> {
  return { success: code === '0', code, msg, data };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/** A client whose network is `respond`, with the requests it saw and spied effects. */
export function fakeBackend(respond: (request: Request) => Response | Promise<Response>, timeoutMs?: number) {
  const requests: Request[] = [];
  const api = createApiClient({
    fetch: async (request) => {
      requests.push(request);
      return respond(request);
    },
    timeoutMs,
  });
  const effects = {
    toastError: vi.fn<(text: string) => void>(),
    goToLogin: vi.fn<() => void>(),
    isOnLoginPage: vi.fn<() => boolean>(() => false),
  };
  configureRequestEffects(effects);
  return { api, requests, effects };
}

/** Like fetch, rejects once the request's signal aborts (time-out or caller). */
export function hangUntilAborted(request: Request): Promise<Response> {
  const { signal } = request;
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason));
  });
}

/**
 * A read cache as the console's (query-client.ts), for one test. Its changes reach React in a
 * microtask rather than a timer, so an act() sees them and fake timers do not hold them back.
 */
export function testQueryClient(): QueryClient {
  notifyManager.setScheduler(queueMicrotask);
  return createQueryClient();
}
