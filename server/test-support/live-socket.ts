import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import { contract } from './test-app';

/** The live socket's subprotocol, as openapi.yaml names it (`x-websocket` of watchLiveView). */
const liveProtocol = contract.operations.find((operation) => operation.operationId === 'watchLiveView')
  ?.socket as string;

/** A live view's socket as a test sees it: what came over it and how it ended. */
export interface WatchedSocket {
  readonly socket: WebSocket;
  /** Text messages, parsed. */
  readonly texts: Record<string, unknown>[];
  /** Binary messages: the init segment, then fragments. */
  readonly binaries: Buffer[];
  /** Settles with the close code once the socket closes. */
  readonly closed: Promise<number>;
  /** The HTTP status of a refused upgrade; null once it opened. */
  readonly refused: Promise<number | null>;
}

/** The app's address on loopback, listening first if it does not yet. */
export async function listeningAddress(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens a socket to `url` as the console does: the session token offered as a subprotocol. */
export function watchSocket(url: string, token: string | null, lang = 'zh-CN'): WatchedSocket {
  const protocols = [liveProtocol, ...(token ? [contract.sessionSubprotocolPrefix + token] : [])];
  const socket = new WebSocket(url, protocols, { headers: { 'accept-language': lang } });
  const texts: Record<string, unknown>[] = [];
  const binaries: Buffer[] = [];
  socket.on('message', (data, binary) => {
    if (binary) binaries.push(data as Buffer);
    else texts.push(JSON.parse(String(data)) as Record<string, unknown>);
  });
  const refused = new Promise<number | null>((resolve) => {
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? null);
      socket.terminate();
    });
    socket.on('open', () => resolve(null));
  });
  // A refused or cut socket errs; the test reads `refused` and `closed` instead.
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  onTestFinished(() => socket.terminate());
  return { socket, texts, binaries, closed, refused };
}

/** A camera stream's live view watched through the app, as `token`'s holder. */
export async function watchLive(
  app: FastifyInstance,
  cameraId: number,
  stream: 'main' | 'sub',
  token: string | null,
  lang = 'zh-CN',
): Promise<WatchedSocket> {
  const address = await listeningAddress(app);
  return watchSocket(`ws://${address}/cfop/live/cameras/${cameraId}/${stream}/socket`, token, lang);
}
