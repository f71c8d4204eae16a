// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusinessError, RequestError } from './errors';
import { fetchFileBlob } from './file-blob';
import { envelope, jsonResponse } from './test-support';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A file answer whose bytes arrive as `chunks`, each after its pause in ms. */
function trickling(chunks: readonly [number, string][]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [wait, text] of chunks) {
        await pause(wait);
        controller.enqueue(encoder.encode(text));
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/octet-stream' } });
}

function serve(response: () => Response): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          resolve(response());
        }),
    ),
  );
}

describe('fetchFileBlob', () => {
  // The pauses and the stall time-out run on the test's clock: a busy machine's late timer is no stall.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('takes a file longer in all than the time-out while its bytes keep coming', async () => {
    serve(() =>
      trickling([
        [40, 'ab'],
        [40, 'cd'],
        [40, 'ef'],
        [40, 'gh'],
      ]),
    );
    const fetched = fetchFileBlob('/files/model-files/1', { stallTimeoutMs: 100 });
    await vi.runAllTimersAsync();
    const blob = await fetched;
    await expect(blob.text()).resolves.toBe('abcdefgh');
    expect(blob.type).toBe('application/octet-stream');
  });

  it('fails as no response once the bytes stop coming for the time-out', async () => {
    serve(() =>
      trickling([
        [10, 'ab'],
        [300, 'cd'],
      ]),
    );
    const failed = fetchFileBlob('/files/model-files/1', { stallTimeoutMs: 100, skipErrorHandler: true });
    const settled = failed.catch(() => undefined);
    await vi.runAllTimersAsync();
    await settled;
    await expect(failed).rejects.toBeInstanceOf(RequestError);
    await expect(failed).rejects.toMatchObject({ kind: 'no-response', message: 'no progress for 100 ms' });
  });

  it('answers a refusal as the business error it is', async () => {
    serve(() => jsonResponse(envelope('404', null, '文件不存在（id 1）')));
    const failed = fetchFileBlob('/files/model-files/1', { skipErrorHandler: true });
    await expect(failed).rejects.toBeInstanceOf(BusinessError);
  });
});
