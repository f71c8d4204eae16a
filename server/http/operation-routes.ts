import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { sessionStillGrants } from '../auth/session-grants';
import { findActiveSession, type ActiveSession, type ClientInfo } from '../auth/sessions';
import { userAccessKeys } from '../accounts/users';
import {
  CLIENT_HOST_SCHEME,
  CLIENT_TYPE_SCHEME,
  SESSION_SCHEME,
  type OperationSpec,
  type UploadSpec,
} from '../contract/load-contract';
import { incomingDir } from '../files/file-store';
import { receiveUpload, type ReceivedFile } from '../files/receive-upload';
import { createSchemaCompiler } from '../contract/schema-compiler';
import { accessKeyOf } from '../../contract/operation-access';
import { newAuditNote, type AuditNote } from '../oplog/audit-note';
import { isLoggedOperation, writeOperationLog } from '../oplog/operation-log';
import { tallyOperationLog } from '../oplog/operation-log-tally';
import type { OperationHandler, OperationHandlers, OperationInput } from '../operations/operation-handler';
import { sha256Hex } from '../auth/session-token';
import { ApiError, badInput, type FieldProblem } from './api-error';
import { okEnvelope } from './envelope';
import { pickLang } from './locale';
import { toApiError } from './error-answers';
import { EventStreamAnswer } from './event-stream-answer';
import { FileAnswer } from './file-answer';
import { mustBeJson } from './json-body';
import { endWhenRevoked } from './revocable-stream';
import { createRequestValidator, type RequestParts, type SchemaCompilers } from './request-validation';

const notSignedIn = () =>
  new ApiError('401', { zh: '未登录或登录已过期', en: 'Not signed in, or the session has expired' });

const lacksAccess = (key: string) =>
  new ApiError('403', { zh: `没有权限（需要 ${key}）`, en: `Access denied (needs ${key})` });

/**
 * Binds each operation of the contract to its handler behind one pipeline, by the operation's
 * declared access: session for a keyed or signed-in one, ingest key for a machine's (401) → the
 * `x-access` key (403) → headers, query, path and body against the
 * contract (400) → handler → success envelope, or a streamed file. Access comes before input so
 * a caller without the key learns nothing about the operation's input. Every operation but GET
 * leaves an operation log entry, whatever its outcome (anonymous floods as a tally), and an event
 * stream ends when its caller's session or key goes.
 */
export function registerOperationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  handlers: OperationHandlers,
): void {
  checkBindings(ctx, handlers);
  const compilers: SchemaCompilers = {
    exact: createSchemaCompiler(ctx.contract, { coerceTypes: false }),
    coercing: createSchemaCompiler(ctx.contract, { coerceTypes: true }),
  };
  for (const operation of ctx.contract.operations) {
    const handler = handlers[operation.operationId] as OperationHandler;
    const validate = createRequestValidator(operation, ctx.contract, compilers);
    const calls = new WeakMap<FastifyRequest, { note: AuditNote; failure: ApiError | null }>();
    const callOf = (request: FastifyRequest) => {
      const found = calls.get(request) ?? { note: newAuditNote(), failure: null };
      calls.set(request, found);
      return found;
    };
    const logged = isLoggedOperation(operation);
    app.route({
      method: operation.method,
      url: operation.url,
      handler: async (request, reply) => {
        const { note } = callOf(request);
        const session = await authenticate(ctx, operation, request);
        if (session) note.actor = { userId: session.userId, username: null };
        const aiServer = await authenticateAiServer(ctx, operation, request);
        await authorize(ctx, operation, session);
        // A multipart body reaches the handler unparsed; only an upload takes one.
        const sentFile = !operation.upload && request.isMultipart();
        const problems = sentFile
          ? [
              ...validate({ ...requestParts(request), body: undefined }).filter((p) => p.field !== 'body'),
              jsonOnly,
            ]
          : validate(request);
        if (problems.length > 0) throw badInput(problems);
        const { body, query, params } = request;
        const client = clientInfo(ctx, request);
        const lang = pickLang(request.headers['accept-language']);
        const file = operation.upload && (await receiveFile(ctx, request, reply, operation.upload));
        try {
          const data = await handler(
            {
              body,
              query,
              params,
              headers: request.headers,
              session,
              aiServer,
              client,
              lang,
              file,
              audit: note,
            },
            ctx,
          );
          if (data instanceof FileAnswer) return sendFile(reply, data);
          if (data instanceof EventStreamAnswer)
            return sendEventStream(
              reply,
              session ? revocable(ctx, data, session, accessKeyOf(operation.access)) : data.body,
            );
          return okEnvelope(data ?? null);
        } finally {
          // The handler moved the file to its place, or it failed: nothing is left behind.
          if (file) await rm(file.tempPath, { force: true });
        }
      },
      // Errors before the handler (an unparsable body) reach these hooks too, so they are logged.
      ...(logged && {
        onError: async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError) => {
          callOf(request).failure = toApiError(error);
        },
        onSend: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
          const { note, failure } = callOf(request);
          if (!note.actor) note.actor = await sessionActor(ctx, request);
          const write = note.tallied && !note.actor ? tallyOperationLog : writeOperationLog;
          try {
            await write(ctx, { operation, ip: request.ip, note, failure });
          } catch (error) {
            // The call itself is done (and committed); losing its log entry must not change its answer.
            request.log.error({ err: error }, 'operation log entry not written');
          }
          return payload;
        },
      }),
    });
  }
}

function requestParts(request: FastifyRequest): RequestParts {
  const { headers, query, params, body } = request;
  return { headers, query, params, body };
}

const jsonOnly: FieldProblem = { field: 'body', message: mustBeJson };

/** Receives an upload; a refused one closes the connection, as the rest of its body is left unread. */
async function receiveFile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: UploadSpec,
): Promise<ReceivedFile> {
  try {
    return await receiveUpload(request, spec, incomingDir(ctx.dataDir));
  } catch (error) {
    reply.header('connection', 'close');
    throw error;
  }
}

function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  if (file.options.size !== undefined) reply.header('content-length', file.options.size);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.contentDisposition)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** A stream ends once its caller signs out or loses the operation's key, as the next call would be refused. */
function revocable(
  ctx: AppContext,
  stream: EventStreamAnswer,
  session: ActiveSession,
  access: string | null,
): Readable {
  return endWhenRevoked(stream.body, () => sessionStillGrants(ctx, session, access), ctx.streamRecheckMs);
}

function sendEventStream(reply: FastifyReply, body: Readable): FastifyReply {
  return (
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // A buffering proxy (nginx) would hold events back until its buffer fills.
      .header('x-accel-buffering', 'no')
      .send(body)
  );
}

function checkBindings(ctx: AppContext, handlers: OperationHandlers): void {
  const operationIds = new Set(ctx.contract.operations.map((operation) => operation.operationId));
  const unbound = [...operationIds].filter((id) => !handlers[id]);
  const stray = Object.keys(handlers).filter((id) => !operationIds.has(id));
  if (unbound.length > 0) {
    throw new Error(`openapi.yaml operations without a server handler: ${unbound.join(', ')}`);
  }
  if (stray.length > 0) {
    throw new Error(`server handlers for operations openapi.yaml lacks: ${stray.join(', ')}`);
  }
}

async function authenticate(
  ctx: AppContext,
  operation: OperationSpec,
  request: FastifyRequest,
): Promise<ActiveSession | null> {
  const { kind } = operation.access;
  if (kind !== 'key' && kind !== 'signed-in') return null;
  const token = headerOf(ctx, request, SESSION_SCHEME);
  const session = token ? await findActiveSession(ctx, token) : null;
  if (!session) throw notSignedIn();
  return session;
}

const unknownIngestKey = () =>
  new ApiError('401', { zh: '接入密钥无效', en: 'Unknown or rotated ingest key' });

/** The AI server an ingest call comes from, by the digest of its key; a 401 for an unknown key. */
async function authenticateAiServer(
  ctx: AppContext,
  operation: OperationSpec,
  request: FastifyRequest,
): Promise<OperationInput['aiServer']> {
  const { access } = operation;
  if (access.kind !== 'machine') return null;
  // The ingest key is the contract's one machine scheme (MACHINE_SCHEMES).
  const key = headerOf(ctx, request, access.scheme);
  const server = key
    ? await ctx.db
        .selectFrom('ai_servers')
        .select(['id', 'name'])
        .where('ingest_key_hash', '=', sha256Hex(key))
        .executeTakeFirst()
    : undefined;
  if (!server) throw unknownIngestKey();
  return server;
}

/** The caller of a call that failed before its session was checked, if its token is good. */
async function sessionActor(ctx: AppContext, request: FastifyRequest): Promise<AuditNote['actor']> {
  const token = headerOf(ctx, request, SESSION_SCHEME);
  const session = token ? await findActiveSession(ctx, token) : null;
  return session && { userId: session.userId, username: null };
}

async function authorize(
  ctx: AppContext,
  operation: OperationSpec,
  session: ActiveSession | null,
): Promise<void> {
  const { access } = operation;
  if (access.kind !== 'key') return;
  // authenticate answered 401 to a keyed call without a session; none here therefore holds no key.
  const held = session ? await userAccessKeys(ctx.db, session.userId) : new Set<string>();
  if (!held.has(access.key)) throw lacksAccess(access.key);
}

function clientInfo(ctx: AppContext, request: FastifyRequest): ClientInfo {
  return {
    type: headerOf(ctx, request, CLIENT_TYPE_SCHEME),
    host: headerOf(ctx, request, CLIENT_HOST_SCHEME),
    ip: request.ip,
  };
}

function headerOf(ctx: AppContext, request: FastifyRequest, scheme: string): string {
  const name = ctx.contract.headerSchemes[scheme];
  const value = name === undefined ? undefined : request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : '';
}
