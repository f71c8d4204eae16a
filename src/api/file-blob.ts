import { appSettings } from '../generated/settings';
import { call, type ApiAnswer, type CallOptions } from './call';
import { RequestError } from './errors';
import { requestHeaders } from './request-headers';

/**
 * A stored file's bytes, to show in place (an image preview) rather than save: GET `path` under
 * /cfop with every call's headers and time-out. A failure answers an envelope and is handled as
 * any call's is; an `<img src>` could send no session header, hence this.
 */
export async function fetchFileBlob(path: string, options: CallOptions = {}): Promise<Blob> {
  const signal = AbortSignal.any([
    AbortSignal.timeout(appSettings.requestTimeoutMs),
    ...(options.signal ? [options.signal] : []),
  ]);
  const answer: ApiAnswer<Blob> = fetch(`${appSettings.apiBasePath}${path}`, {
    headers: requestHeaders(),
    signal,
  }).then(
    async (response) => {
      if (response.ok && !/[/+]json\b/i.test(response.headers.get('Content-Type') ?? '')) {
        return { data: { success: true, code: '0', msg: '', data: await response.blob() }, response };
      }
      const body: unknown = await response.json().catch(() => undefined);
      return response.ok
        ? { data: body as Awaited<ApiAnswer<Blob>>['data'], response }
        : { error: body, response };
    },
    (error: unknown) => {
      throw new RequestError('no-response', error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    },
  );
  return call(answer, options);
}
