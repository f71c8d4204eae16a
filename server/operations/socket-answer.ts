import type { WebSocket } from 'ws';

/**
 * What the handler of a WebSocket operation (`x-websocket`) answers once its call has passed
 * authentication, the access check and validation: what to do with the socket. `serve` answers the
 * function that ends its work when the socket goes (or the pipeline closes it).
 */
export class SocketAnswer {
  constructor(readonly serve: (socket: WebSocket) => () => void) {}
}
