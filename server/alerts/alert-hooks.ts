import type { Selectable } from 'kysely';
import type { Db } from '../db/open-database';
import type { Table } from '../db/schema';

/** An alert as its insert has just written it (no read back). */
export type AlertRow = Selectable<Table<'alerts'>>;

/** The columns of an alert by which the domains above count alerts (the dashboard's rollups). */
export const countedColumns = [
  'occurred_at',
  'source',
  'camera_id',
  'label',
  'level',
  'status',
  'handled_at',
] as const satisfies readonly (keyof Table<'alerts'>)[];

export type CountedAlert = Pick<AlertRow, (typeof countedColumns)[number]>;

/** How a write changed one alert as it is counted: stored (no before), removed (no after) or handled. */
export interface AlertChange {
  readonly before: CountedAlert | null;
  readonly after: CountedAlert | null;
}

/**
 * What the domains above alerts do when alerts change, each inside the transaction that changed
 * them, so that what they write (a queued message, a rollup) commits with the alerts or not at
 * all, and once it committed (alertsCommitted). Alerts call these and know nothing of who answers:
 * the composition root wires them.
 */
export interface AlertHooks {
  /**
   * A batch of reported alerts is about to be inserted, before the insert takes the revisions'
   * lock: what `alertsStored` reads (the rules) is read now, not under the lock.
   */
  readonly beforeAlertsStored: (trx: Db) => Promise<void>;
  /** Alerts were just stored at `now`: the messages they call for are queued. */
  readonly alertsStored: (trx: Db, alerts: readonly AlertRow[], now: Date) => Promise<void>;
  /** Alerts were stored, handled or removed: the change is counted. */
  readonly alertsCounted: (trx: Db, changes: readonly AlertChange[]) => Promise<void>;
  /**
   * After the transaction that stored, handled or removed alerts committed: whoever shows alerts
   * (the consoles' live streams) reads what changed. Outside the transaction, so that nobody reads
   * before the change is there.
   */
  readonly alertsCommitted: () => void;
}
