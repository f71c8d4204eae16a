import type { LocalText } from '../kernel/locale';

/**
 * What a handler tells the operation log about its call; the pipeline fills in the rest (time,
 * operation, caller, result) and writes the entry whether the call succeeds or fails.
 */
export interface AuditNote {
  /** The signed-in caller; the pipeline sets it from the session, sign-in handlers on success. */
  actor: { readonly userId: number; readonly username: string | null } | null;
  /** What was acted on, e.g. `#12 边缘盒子-01` or the user name of a sign-in. */
  target: string;
  /** What changed, on success (field names only: never a value of a password, token or key). */
  detail: LocalText | null;
  /**
   * Counted instead of logged one by one when the caller is anonymous: a sign-in refused by the
   * guessing limits before any check, and every SMS code sent. A flood of such calls would
   * otherwise write a row each; see operation-log-tally.ts.
   */
  tallied: boolean;
  /**
   * The call continues a session of control the log already holds (a PTZ move shortly after the
   * caller's last on that camera): it writes no entry of its own, so a held control that sends a
   * move every second or two logs once.
   */
  continuing: boolean;
}

export function newAuditNote(): AuditNote {
  return { actor: null, target: '', detail: null, tallied: false, continuing: false };
}
