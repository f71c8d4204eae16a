import { appSettings } from '../generated/settings';
import { call, type ApiAnswer, type CallOptions } from './call';
import type { SuccessEnvelope } from '../generated/envelope';
import { RequestError } from './errors';
import { requestHeaders } from './request-headers';

export interface FileBlobOptions extends CallOptions {
  /** Only for tests: the product stall time-out is appSettings.requestTimeoutMs. */
  readonly stallTimeoutMs?: number;
}

/**
 * A stored file's bytes, to show in place (an image preview) or save (a model file): GET `path`
 * under /cfop with every call's headers. A failure answers an envelope and is handled as any call's
 * is; an `<img src>` could send no session header, hence this. As for uploads, every call's 60 s
 * time-out is kept as a stall time-out: a model file of a gigabyte or two may take longer in all.
 */
export async function fetchFileBlob(path: string, options: FileBlobOptions = {}): Promise<Blob> {
  return (await fetchFile(path, options)).blob;
}

/** A fetched file and the headers it came with (an export's X-Content-SHA256). */
export interface FetchedFile {
  readonly blob: Blob;
  readonly headers: Headers;
}

/** As fetchFileBlob, with the answer's headers. */
export async function fetchFile(path: string, options: FileBlobOptions = {}): Promise<FetchedFile> {
  const stallMs = options.stallTimeoutMs ?? appSettings.requestTimeoutMs;
  const stalled = new AbortController();
  let stall: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => stalled.abort(new Error(`no progress for ${stallMs} ms`)), stallMs);
  };
  const signal = AbortSignal.any([stalled.signal, ...(options.signal ? [options.signal] : [])]);
  watch();
  const answer: ApiAnswer<FetchedFile> = fetch(`${appSettings.apiBasePath}${path}`, {
    headers: requestHeaders(),
    signal,
  })
    .then(async (response) => {
      if (response.ok && !/[/+]json\b/i.test(response.headers.get('Content-Type') ?? '')) {
        const blob = await readWatched(response, watch, signal);
        const data: SuccessEnvelope<FetchedFile> = {
          success: true,
          code: '0',
          msg: '',
          data: { blob, headers: response.headers },
        };
        return { data, response };
      }
      const body: unknown = await response.json().catch(() => undefined);
      return response.ok
        ? { data: body as Awaited<ApiAnswer<FetchedFile>>['data'], response }
        : { error: body, response };
    })
    .catch((error: unknown) => {
      const reason = signal.aborted ? signal.reason : error;
      throw new RequestError('no-response', reason instanceof Error ? reason.message : String(reason), {
        cause: reason,
      });
    })
    .finally(() => clearTimeout(stall));
  return call(answer, options);
}

/**
 * The body as a blob, read chunk by chunk so that each chunk restarts the stall watch. An abort
 * ends the reading as a failure, never as a file cut short.
 */
async function readWatched(response: Response, watch: () => void, signal: AbortSignal): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  if (response.body === null) return new Blob([], { type });
  const chunks: Uint8Array[] = [];
  const reader = response.body.getReader();
  const stop = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', stop);
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      watch();
    }
    signal.throwIfAborted();
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return new Blob(chunks as BlobPart[], { type });
}
