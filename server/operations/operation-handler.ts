import type { AppContext } from '../app-context';
import type { ActiveSession, ClientInfo } from '../auth/sessions';
import type { ReceivedFile } from '../files/receive-upload';
import type { Lang } from '../http/locale';
import type { AuditNote } from '../oplog/audit-note';

/** A request that has passed validation, authentication and the access check of its operation. */
export interface OperationInput {
  /** Valid against the operation's request body schema (so a cast to its payload type is safe). */
  readonly body: unknown;
  readonly query: unknown;
  readonly params: unknown;
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
}

/** Returns the envelope's `data` (undefined is sent as null), or a FileAnswer to stream a file. */
export type OperationHandler = (input: OperationInput, ctx: AppContext) => Promise<unknown>;

export type OperationHandlers = Readonly<Record<string, OperationHandler>>;

export function requireSession(input: OperationInput): ActiveSession {
  if (!input.session)
    throw new Error('operation bound to a handler that needs a session, but its security has none');
  return input.session;
}

export function requireAiServer(input: OperationInput): { readonly id: number; readonly name: string } {
  if (!input.aiServer)
    throw new Error(
      'operation bound to a handler that needs an AI server, but its security has no ingest key',
    );
  return input.aiServer;
}
