import { get, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { OperationSpec } from '../contract/load-contract';
import { contract } from './test-app';

/** Whether the operation answers a server-sent event stream (which app.inject would wait on forever). */
export function answersEventStream(operation: OperationSpec): boolean {
  for (const item of Object.values(contract.document.paths ?? {})) {
    for (const candidate of Object.values(item) as {
      operationId?: string;
      responses?: Record<string, unknown>;
    }[]) {
      if (candidate?.operationId !== operation.operationId) continue;
      const ok = candidate.responses?.['200'] as { content?: Record<string, unknown> } | undefined;
      return ok?.content?.['text/event-stream'] !== undefined;
    }
  }
  return false;
}

export interface StreamEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
}

/** An open event stream, read as the browser's EventSource parses it. */
export interface OpenStream {
  readonly status: number;
  readonly contentType: string;
  /** The envelope of a refused call (not a stream). */
  json(): Promise<unknown>;
  /** Comment lines and events as they come, until `count` events arrived (or the stream ended). */
  nextEvents(count: number): Promise<StreamEvent[]>;
  /** Every comment line read so far (`keep-alive`, `connected`). */
  readonly comments: string[];
  close(): void;
}

async function port(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app listens on no TCP port');
  return address.port;
}

/**
 * Opens `url` on a real socket (the app listens on a free port the first time), to read it as it
 * streams. node:http rather than fetch: closing destroys the socket, which the server then sees go
 * (an aborted fetch left its socket open, and closing the app waited for it).
 */
export async function openEventStream(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<OpenStream> {
  const request = get({ host: '127.0.0.1', port: await port(app), path: url, headers, agent: false });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  response.setEncoding('utf8');
  const comments: string[] = [];
  let buffer = '';
  const pending: StreamEvent[] = [];
  let ended = false;
  let wake: () => void = () => undefined;
  response.on('data', (chunk: string) => {
    buffer += chunk;
    parse();
    wake();
  });
  // A stream the server broke off (its socket destroyed) ends too, as EventSource sees it: with
  // 'close' and no 'end'.
  const end = () => {
    ended = true;
    wake();
  };
  response.on('end', end);
  response.on('close', end);

  /** Moves whole events (ended by a blank line) from the buffer to `pending`. */
  const parse = () => {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) pending.push({ id, event, data: data.join('\n') });
    }
  };

  return {
    status: response.statusCode ?? 0,
    contentType: String(response.headers['content-type'] ?? ''),
    comments,
    async json() {
      while (!ended) await new Promise<void>((resolve) => (wake = resolve));
      return JSON.parse(buffer) as unknown;
    },
    async nextEvents(count) {
      while (pending.length < count && !ended) await new Promise<void>((resolve) => (wake = resolve));
      return pending.splice(0, count);
    },
    close: () => request.destroy(),
  };
}
