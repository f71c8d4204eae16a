import type { FastifyInstance } from 'fastify';
import type { HttpContext } from './http-context';
import { handlerExportOf, handlerFileOf } from '../../contract/handler-files';
import { createSchemaCompiler } from '../contract/schema-compiler';
import { isLoggedOperation } from '../oplog/operation-log';
import { handlerFor, type OperationHandlers } from '../operations/operation-handler';
import { answerOperation } from './answer-operation';
import { answerSocket, answerWithoutUpgrade } from './answer-socket';
import { authenticate } from './hooks/authenticate';
import { checkAccess } from './hooks/check-access';
import { logOperation, noteFailure } from './hooks/log-operation';
import { decorateOperationCalls } from './hooks/operation-call';
import { receiveFile, removeReceivedFile } from './hooks/receive-file';
import { accessChangingOperations, recheckAccess } from './hooks/recheck-access';
import { validateRequest } from './hooks/validate-request';
import type { SchemaCompilers } from './request-validation';

/**
 * Binds each operation of the contract to its handler, each concern in its phase of Fastify's
 * lifecycle:
 * - onRequest: authenticate (401), then checkAccess for a keyed operation (403), before the body
 *   is read;
 * - preValidation: validateRequest, headers, query, path and body against the contract (400);
 * - preHandler: receiveFile, an upload's file and its JSON parts (400);
 * - handler: answerOperation, the envelope, file or event stream; for a WebSocket operation
 *   (`x-websocket`), answerSocket on the upgraded socket (a plain GET is answered 426);
 * - onError and onSend: the operation log entry of every operation but GET, whatever its outcome
 *   (logOperation), no upload left behind (removeReceivedFile), and after a change of access the
 *   open event streams and live sockets it ends (recheckAccess).
 */
export function registerOperationRoutes<C extends HttpContext>(
  app: FastifyInstance,
  ctx: C,
  handlers: OperationHandlers<C>,
): void {
  checkBindings(ctx, handlers);
  decorateOperationCalls(app);
  const compilers: SchemaCompilers = {
    exact: createSchemaCompiler(ctx.contract, { coerceTypes: false }),
    coercing: createSchemaCompiler(ctx.contract, { coerceTypes: true }),
  };
  for (const operation of ctx.contract.operations) {
    const handler = handlerFor(handlers, operation.operationId);
    const { access, upload } = operation;
    const logged = isLoggedOperation(operation);
    app.route({
      method: operation.method,
      url: operation.url,
      onRequest: [
        authenticate(ctx, operation),
        ...(access.kind === 'key' ? [checkAccess(ctx, access.key)] : []),
      ],
      preValidation: validateRequest(operation, ctx.contract, compilers),
      preHandler: upload ? [receiveFile(ctx, upload, compilers.exact)] : [],
      // A WebSocket operation's upgraded GET passes the same hooks, then goes to its wsHandler.
      ...(operation.socket === null
        ? { handler: answerOperation(ctx, operation, handler) }
        : { handler: answerWithoutUpgrade, wsHandler: answerSocket(ctx, operation, handler) }),
      onError: logged ? [noteFailure] : [],
      onSend: [
        ...(accessChangingOperations.has(operation.operationId) ? [recheckAccess(ctx)] : []),
        ...(logged ? [logOperation(ctx, operation)] : []),
        ...(upload ? [removeReceivedFile(ctx)] : []),
      ],
    });
  }
}

function checkBindings<C extends HttpContext>(ctx: C, handlers: OperationHandlers<C>): void {
  const operationIds = new Set(ctx.contract.operations.map((operation) => operation.operationId));
  const unbound = [...operationIds].filter((id) => !Object.hasOwn(handlers, id));
  const stray = Object.keys(handlers).filter((id) => !operationIds.has(id));
  if (unbound.length > 0) {
    // Handlers are found by convention: name the file the codegen index would import each from.
    const where = unbound.map(
      (id) => `${id} (server/<room>/${handlerFileOf(id)} exporting ${handlerExportOf(handlerFileOf(id))})`,
    );
    throw new Error(
      `openapi.yaml operations without a server handler: ${where.join(', ')}; npm run codegen indexes a new handler file`,
    );
  }
  if (stray.length > 0) {
    throw new Error(`server handlers for operations openapi.yaml lacks: ${stray.join(', ')}`);
  }
}
