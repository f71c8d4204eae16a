import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkedAddress, StreamAddressError } from '../streams/stream-address';
import type { WebhookAddressPolicy } from './webhook-address';

/** What the receiver answered: its status and the start of its body, or why none answered. */
export interface ReceiverAnswer {
  /** null when no HTTP answer came (refused address, connection refused, time-out). */
  readonly status: number | null;
  /** The first bytes of the body, or the reason in words. */
  readonly answer: string;
}

/** How much of a receiver's answer is kept with each attempt. */
export const answerBytes = 500;

/** How long one webhook request may take, connection to answer. */
export const webhookTimeoutMs = 10_000;

/** The first `answerBytes` of the body, then the connection is dropped: a receiver cannot feed us more. */
function readStart(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, answerBytes).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= answerBytes) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

/**
 * POSTs a JSON body to a webhook. The host is checked and resolved right before (as a camera's
 * before ffmpeg opens it) and the request goes to that address, the name kept for the Host header
 * and TLS; redirects are not followed (the answer is kept as it is); at most `timeoutMs` in all.
 * Never throws: a failure is an answer without status.
 */
export async function postWebhook(
  url: string,
  body: string,
  policy: Pick<WebhookAddressPolicy, 'allowed' | 'lookup'>,
  timeoutMs = webhookTimeoutMs,
): Promise<ReceiverAnswer> {
  const target = new URL(url);
  let address: string;
  try {
    address = (await checkedAddress(target.host.replace(/:\d+$/, ''), policy)).address;
  } catch (error) {
    const refused = error instanceof StreamAddressError && error.kind === 'refused-address';
    return { status: null, answer: refused ? 'refused: the address is not allowed' : 'unresolved host name' };
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      {
        method: 'POST',
        host: address,
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        servername: target.hostname,
        headers: {
          host: target.host,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        },
        signal: AbortSignal.timeout(timeoutMs),
        // A connection per message: messages are rare, and a pooled socket the receiver has since
        // closed would fail as ECONNRESET rather than tell the receiver's real state.
        agent: false,
      },
      (response) => {
        void readStart(response).then((answer) => resolve({ status: response.statusCode ?? null, answer }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.name === 'AbortError' || error.name === 'TimeoutError'
          ? `time-out after ${timeoutMs} ms`
          : (error.code ?? error.message);
      resolve({ status: null, answer: why });
    });
    req.end(body);
  });
}
