import type { Middleware } from 'openapi-fetch';
import { connection, isOutageAnswer } from './connection';
import { downloadResponse, isDownloadResponse } from './download';
import { RequestError } from './errors';
import { requestHeaders } from './request-headers';

// A downloaded file counts as success; the caller gets this envelope with no data.
const downloadedEnvelope = { success: true, code: '0', msg: '', data: null };

/**
 * Every request's headers (docs/architecture.md, fixed rules): client type, host, the session token
 * when one is stored, the UI language and a time-out; file answers are downloaded; a failed fetch
 * becomes a `no-response` RequestError. Every outcome tells the connection store whether the
 * server is there.
 */
export function createRequestMiddleware(timeoutMs: number): Middleware {
  return {
    onRequest({ request }) {
      const headers = requestHeaders(request.headers);
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
      return new Request(request, { headers, signal });
    },
    async onResponse({ response }) {
      if (isOutageAnswer(response)) connection.markLost();
      else connection.markAnswered();
      if (!isDownloadResponse(response)) return undefined;
      await downloadResponse(response);
      return Response.json(downloadedEnvelope);
    },
    onError({ error, request }) {
      // A call its caller cancelled says nothing about the server.
      if (!request.signal.aborted) connection.markLost();
      const reason = error instanceof Error ? error.message : String(error);
      return new RequestError('no-response', reason, { cause: error });
    },
  };
}
