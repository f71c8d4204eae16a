import type { FastifyRequest } from 'fastify';

/** The subprotocols a WebSocket upgrade offers (its Sec-WebSocket-Protocol list). */
export function offeredProtocols(request: FastifyRequest): string[] {
  const header = request.headers['sec-websocket-protocol'];
  return (typeof header === 'string' ? header : '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol !== '');
}

/**
 * The session token a browser's WebSocket offers as the subprotocol `<prefix><token>`, as it can
 * send no header; '' when it offers none, or more than one (as for a repeated header).
 */
export function offeredSessionToken(request: FastifyRequest, prefix: string): string {
  const tokens = offeredProtocols(request)
    .filter((protocol) => protocol.startsWith(prefix))
    .map((protocol) => protocol.slice(prefix.length));
  return tokens.length === 1 ? (tokens[0] as string) : '';
}
