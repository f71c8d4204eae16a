import type { PlatformContext } from '../operations/platform-context';
import type { OperationSpec } from '../contract/load-contract';
import type { Db } from '../db/open-database';
import { accessKeyOf } from '../../contract/operation-access';
import type { ApiError } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { AuditNote } from '../operations/audit-note';

/**
 * Every operation that may change something is logged: all but GET. That covers each mutation
 * under an x-access key and the sign-in, sign-out and password operations, and any operation the
 * contract gains later, with no list to keep up to date. Only an operation marked `x-oplog: false`
 * is left out: an AI server's heartbeats and alerts, which come every few seconds from every server
 * and are records of their own, would bury the operators' actions. A read marked `x-oplog: true` is
 * logged too: an export of recorded video, whose log entry says who took which footage, with its digest.
 */
export function isLoggedOperation(operation: OperationSpec): boolean {
  if (operation.oplog !== 'changes') return operation.oplog === 'always';
  return operation.method !== 'GET' && operation.method !== 'HEAD';
}

export interface LoggedCall {
  readonly operation: OperationSpec;
  /** The client's own address, as the entry shows it. */
  readonly ip: string;
  /** The address the limits count the call under (an IPv6 client's prefix): what tallies are kept by. */
  readonly countsAs: string;
  readonly note: AuditNote;
  /** Absent when the call succeeded. */
  readonly failure: ApiError | null;
}

/** Writes the call's entry; answers its id. */
export async function writeOperationLog(
  ctx: PlatformContext,
  call: LoggedCall,
  db: Db = ctx.db,
): Promise<number> {
  const { operation, note, failure } = call;
  const actor = note.actor;
  const username =
    actor && actor.username === null
      ? ((await db.selectFrom('users').select('username').where('id', '=', actor.userId).executeTakeFirst())
          ?.username ?? null)
      : (actor?.username ?? null);
  const detail = entryDetail(call);
  const { id } = await db
    .insertInto('operation_logs')
    .values({
      time: ctx.clock.now().toISOString(),
      user_id: actor?.userId ?? null,
      username,
      ip: call.ip,
      area: accessKeyOf(operation.access),
      action: operation.operationId,
      // The words of the time: a later rewording of the contract does not rewrite history.
      action_name_zh: operation.summary.zh,
      action_name_en: operation.summary.en,
      target: note.target,
      result: failure ? 'failure' : 'success',
      code: failure ? failure.code : '0',
      detail_zh: detail.zh,
      detail_en: detail.en,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function entryDetail({ note, failure }: LoggedCall): LocalText {
  return failure ? failure.text : (note.detail ?? { zh: '', en: '' });
}
