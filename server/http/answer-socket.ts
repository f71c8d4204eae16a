import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebSocket } from 'ws';
import type { HttpContext } from './http-context';
import type { OperationSpec } from '../contract/load-contract';
import { accessKeyOf } from '../../contract/operation-access';
import type { ValidatedHandler } from '../operations/operation-handler';
import { handlerInput } from './answer-operation';
import { ApiError } from '../kernel/api-error';
import { errorEnvelope } from './envelope';
import { internalError } from './error-answers';
import { callOf } from './hooks/operation-call';
import type { Lang } from '../kernel/locale';
import { SocketAnswer } from '../operations/socket-answer';

/** A socket that answered no ping for this long is gone (a laptop asleep, a dropped proxy). */
const pingEveryMs = 15_000;

const upgradeRequired = () =>
  new ApiError('426', {
    zh: '此地址只接受 WebSocket 连接',
    en: 'This address takes WebSocket connections only',
  });

const grantGone = () =>
  new ApiError('401', {
    zh: '登录已失效或权限已变更，连接已关闭',
    en: 'The session ended or its access changed; the connection is closed',
  });

/** The HTTP handler of a WebSocket operation's route, for a GET that did not ask for the upgrade. */
export async function answerWithoutUpgrade(_request: FastifyRequest, _reply: FastifyReply): Promise<never> {
  throw upgradeRequired();
}

/**
 * The route's WebSocket handler (an upgraded call of an `x-websocket` operation, its hooks passed):
 * the operation's handler, then its SocketAnswer serving the socket for as long as the caller's
 * session and key hold (under the app's AccessWatch, as event streams: closed at once on a change
 * of access) and the socket answers pings. A failure goes as the envelope in a text message, the
 * socket then closed with 4000 + its HTTP status, so that the browser (which sees no HTTP status)
 * can tell why.
 */
export function answerSocket<C extends HttpContext>(
  ctx: C,
  operation: OperationSpec,
  handler: ValidatedHandler<C>,
) {
  const access = accessKeyOf(operation.access);
  return async (socket: WebSocket, request: FastifyRequest): Promise<void> => {
    const input = handlerInput(ctx, request);
    const { session } = callOf(request);
    let stopServing: () => void = () => undefined;
    let answered = true;
    const ping = setInterval(() => {
      if (!answered) return socket.terminate();
      answered = false;
      socket.ping();
    }, pingEveryMs);
    const unwatch = session
      ? ctx.accessWatch.watch({
          session,
          accessKey: access,
          end: () => closeWithError(socket, grantGone(), input.lang),
        })
      : () => undefined;
    socket.on('pong', () => (answered = true));
    socket.on('close', () => {
      clearInterval(ping);
      unwatch();
      stopServing();
    });
    try {
      const answer = await handler(input, ctx);
      if (!(answer instanceof SocketAnswer))
        throw new Error(`${operation.operationId} answered no SocketAnswer`);
      if (socket.readyState === WebSocket.OPEN) stopServing = answer.serve(socket);
    } catch (error) {
      if (!(error instanceof ApiError)) request.log.error(error);
      closeWithError(socket, error instanceof ApiError ? error : internalError(), input.lang);
    }
  };
}

/** Sends the failure envelope and closes the socket with 4000 + the failure's HTTP status. */
export function closeWithError(socket: WebSocket, error: ApiError, lang: Lang): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify(errorEnvelope(error, lang)));
  socket.close(4000 + error.httpStatus, error.code);
}
