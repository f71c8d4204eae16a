import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import {
  alertRevisionLock,
  consoleLocks,
  takeRevisionFunction,
  takeStandIn,
  up as revisionsOf0034,
} from './0034-alert-revisions-by-id';
import { up as numberingOf0035 } from './0035-alert-revisions-by-key';

/**
 * On PostgreSQL, an alert written with the revision -1 is numbered as it is written: its row takes
 * the revisions' lock, held to the commit, and the next number. The ingest writes its batch's alerts
 * so, as the last statements before its commit (alerts/reported-alerts.ts). Numbered at the commit
 * instead, each alert was written twice: once with its stand-in, then again with its number, which
 * adds an entry to each of the table's fifteen indexes (0.09 ms of the database's CPU per alert on a
 * two-server ingest, and a dead row per alert for the vacuum), and the batch read the numbers back
 * after its commit. Any other revision (0) takes a stand-in numbered at the commit, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await takeRevisionFunction(sql`
      if pg_trigger_depth() = 1 and new.revision = ${sql.lit(numberNow)} then
        perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
        new.revision := nextval('alert_revisions');
      elsif pg_trigger_depth() = 1 then
        -- The numbering at commit writes the final revision: the stand-in is only for the writers' own statements.
        ${takeStandIn}
      end if;`).execute(db);
}

/**
 * The revision an alert is written with to be numbered as it is written (alerts/alert-revisions.ts
 * writes it): its row takes the revisions' lock, held to the commit, and the next number. Another
 * server's numbering waits for that commit, so the statement must be among the transaction's last.
 */
export const numberNow = -1;

/** 0034's row trigger again: its `up` restores both its functions, then 0035's numbering goes back. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await revisionsOf0034(db);
  await numberingOf0035(db);
}
