import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActiveSession } from '../../operations/caller';
import type { ReceivedFile } from '../../operations/received-file';
import { newAuditNote, type AuditNote } from '../../operations/audit-note';
import type { OperationInput } from '../../operations/operation-handler';
import type { ApiError } from '../../kernel/api-error';
import type { JsonParts } from '../request-validation';

/** What the hooks of an operation's route learn of one call, for the handler and the operation log. */
export interface OperationCall {
  /** From authenticate: the caller's session, for an operation that requires one. */
  session: ActiveSession | null;
  /** From authenticate: the AI server whose ingest key a machine's call carries. */
  aiServer: OperationInput['aiServer'];
  /** From receiveFile: an upload operation's file, in its temporary place until the answer is sent. */
  file: ReceivedFile | null;
  /** From receiveFile: an upload's JSON parts, valid against their schemas (the handler's body). */
  jsonParts: JsonParts | null;
  /** The operation log's notes: the caller authenticate found, and what the handler adds. */
  readonly audit: AuditNote;
  /** From noteFailure: what the call failed with, if it did. */
  failure: ApiError | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null until a hook of an operation's route first asks for it (callOf). */
    operationCall: OperationCall | null;
  }
}

export function decorateOperationCalls(app: FastifyInstance): void {
  app.decorateRequest('operationCall', null);
}

/** The call's state, begun by whichever hook asks first: a failure may skip the earlier hooks. */
export function callOf(request: FastifyRequest): OperationCall {
  request.operationCall ??= {
    session: null,
    aiServer: null,
    file: null,
    jsonParts: null,
    audit: newAuditNote(),
    failure: null,
  };
  return request.operationCall;
}
