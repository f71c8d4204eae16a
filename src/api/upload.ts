import { appSettings } from '../generated/settings';
import { call, type ApiAnswer, type CallOptions } from './call';
import { RequestError } from './errors';
import { requestHeaders } from './request-headers';

export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

export interface UploadOptions extends CallOptions {
  readonly onProgress?: (progress: UploadProgress) => void;
  /** Only for tests: the product stall time-out is appSettings.requestTimeoutMs. */
  readonly stallTimeoutMs?: number;
}

/**
 * POSTs one file as multipart/form-data (`part` names it, as the upload operation's encoding does)
 * to `path` under /cfop with the same headers as every call, and resolves to the envelope's data
 * with the same failure handling (toasts, 401 to login). Uses XMLHttpRequest, since fetch reports no
 * progress of a request body. The spec's 60 s time-out is kept as a stall time-out: the upload
 * fails when no byte has gone out or come back for that long, as a large model file may take
 * longer than 60 s in all on any link.
 */
export function upload<T>(path: string, part: string, file: File, options: UploadOptions = {}): Promise<T> {
  return call(send<T>(path, part, file, options), options);
}

function send<T>(path: string, part: string, file: File, options: UploadOptions): ApiAnswer<T> {
  const stallMs = options.stallTimeoutMs ?? appSettings.requestTimeoutMs;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(stall);
      options.signal?.removeEventListener('abort', cancel);
    };
    const fail = (reason: string) => {
      settle();
      reject(new RequestError('no-response', reason));
    };
    const cancel = () => xhr.abort();
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        xhr.abort();
        fail(`no progress for ${stallMs} ms`);
      }, stallMs);
    };
    xhr.open('POST', `${appSettings.apiBasePath}${path}`);
    requestHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      watch();
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onprogress = watch;
    xhr.onload = () => {
      settle();
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'text/plain' },
      });
      const body = parsed(xhr.responseText);
      // An envelope either way; call() reads its code (a non-envelope answer is an http error there).
      resolve(
        response.ok ? { data: body as Awaited<ApiAnswer<T>>['data'], response } : { error: body, response },
      );
    };
    xhr.onerror = () => fail('network error');
    xhr.onabort = () => fail('aborted');
    if (options.signal?.aborted) return fail('aborted');
    options.signal?.addEventListener('abort', cancel);
    const form = new FormData();
    form.append(part, file, file.name);
    watch();
    xhr.send(form);
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
