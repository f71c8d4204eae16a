import type { operations } from '../../src/generated/openapi';
import type { ActiveSession, ClientInfo } from './caller';
import type { ReceivedFile } from './received-file';
import type { EventStreamAnswer } from './event-stream-answer';
import type { FileAnswer } from './file-answer';
import type { SocketAnswer } from './socket-answer';
import type { Lang } from '../kernel/locale';
import type { AuditNote } from './audit-note';
import type { PlatformContext } from './platform-context';

/** The operationId of an operation of openapi.yaml; the server serves every one. */
export type OperationId = keyof operations;

// A part the operation lacks is typed `never` (`path?: never`): the handler reads nothing there.
type Part<T> = [Exclude<T, undefined>] extends [never]
  ? Readonly<Record<string, never>>
  : Exclude<T, undefined>;

/**
 * The JSON request body of the operation, or an upload's JSON parts beside its file (a property
 * their `x-file-id` names is left out by the caller and filled by the handler); none otherwise.
 */
type JsonBody<K extends OperationId> = operations[K] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : operations[K] extends { requestBody: { content: { 'multipart/form-data': infer Form } } }
    ? Omit<Form, 'file'>
    : undefined;

type SuccessContent<K extends OperationId> = operations[K]['responses'] extends {
  200: { content: infer Content };
}
  ? Content
  : never;

/**
 * What the handler of operation K answers: what to do with the socket of a WebSocket operation
 * (its 101), the `data` of its 200 JSON envelope, an event stream for a `text/event-stream` answer,
 * or else a file (CSV, image, playlist, model file).
 */
export type OperationAnswer<K extends OperationId> = operations[K]['responses'] extends { 101: unknown }
  ? SocketAnswer
  : SuccessContent<K> extends { 'application/json': { data: infer Data } }
    ? Data
    : SuccessContent<K> extends { 'text/event-stream': unknown }
      ? EventStreamAnswer
      : FileAnswer;

/** A request that has passed validation, authentication and the access check of operation K. */
export interface OperationInput<K extends OperationId = OperationId> {
  /** The request body (an upload's JSON parts), valid against the operation's schema. */
  readonly body: JsonBody<K>;
  /** Query and path values, valid against their schemas and coerced to their types (numbers are numbers). */
  readonly query: Part<operations[K]['parameters']['query']>;
  readonly params: Part<operations[K]['parameters']['path']>;
  /** The request's headers (lower-case names); those the operation declares are validated. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly client: ClientInfo;
  /** The caller's language, from Accept-Language (Chinese unless English is preferred). */
  readonly lang: Lang;
  /** Present whenever the operation's security includes the session token. */
  readonly session: ActiveSession | null;
  /** The AI server whose ingest key authenticated the call, for operations secured by ingestKey. */
  readonly aiServer: { readonly id: number; readonly name: string } | null;
  /** An upload operation's file, checked against its `encoding` and received into a temporary file. */
  readonly file: ReceivedFile | null;
  /** Notes for the operation log entry of this call (written for every operation but GET). */
  readonly audit: AuditNote;
  /** Aborted once the caller has gone before its answer was sent. */
  readonly signal: AbortSignal;
}

/**
 * Serves operation K: answers the envelope's `data`, or a FileAnswer / EventStreamAnswer to stream.
 * C is the context its domain declares; the app's context satisfies every domain's.
 */
export type OperationHandler<K extends OperationId, C = PlatformContext> = (
  input: OperationInput<K>,
  ctx: C,
) => Promise<OperationAnswer<K>>;

/** One handler per operation of openapi.yaml: a missing or a stray one is a type error. */
export type OperationHandlers<C = PlatformContext> = { readonly [K in OperationId]: OperationHandler<K, C> };

/** The handlers of some operations (a domain's): `satisfies` it to have each typed by its operationId. */
export type SomeOperationHandlers<C = PlatformContext> = Partial<OperationHandlers<C>>;

/**
 * Handlers a test puts in place of built-in ones, typed by their operation; one for an operation
 * openapi.yaml lacks (a test's own contract) is checked at start-up only.
 */
export type HandlerOverrides<C> = SomeOperationHandlers<C> & Readonly<Record<string, unknown>>;

export function requireSession(input: { readonly session: ActiveSession | null }): ActiveSession {
  if (!input.session)
    throw new Error('operation bound to a handler that needs a session, but its security has none');
  return input.session;
}

export function requireAiServer(input: Pick<OperationInput<OperationId>, 'aiServer'>): {
  readonly id: number;
  readonly name: string;
} {
  if (!input.aiServer)
    throw new Error(
      'operation bound to a handler that needs an AI server, but its security has no ingest key',
    );
  return input.aiServer;
}

/** What the pipeline knows of a call: its parts passed the operation's schemas, whatever they are. */
export type ValidatedInput = Omit<OperationInput, 'body' | 'query' | 'params'> & {
  readonly body: unknown;
  readonly query: unknown;
  readonly params: unknown;
};

/** A handler as the pipeline calls it (see handlerFor). */
export type ValidatedHandler<C> = (input: ValidatedInput, ctx: C) => Promise<unknown>;

/**
 * The handler of `operationId` as the pipeline calls it. Validation against the operation's schemas
 * is what gives the request parts the types the handler declares; the compiler cannot follow a
 * run-time validation, so this is the one place a handler is taken for one of untyped parts.
 */
export function handlerFor<C>(handlers: OperationHandlers<C>, operationId: string): ValidatedHandler<C> {
  if (!isOperationId(handlers, operationId)) throw new Error(`no handler for operation ${operationId}`);
  return handlers[operationId] as ValidatedHandler<C>;
}

function isOperationId<C>(handlers: OperationHandlers<C>, id: string): id is OperationId {
  return Object.hasOwn(handlers, id);
}
