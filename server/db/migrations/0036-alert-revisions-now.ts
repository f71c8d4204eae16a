import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * On PostgreSQL, an alert written with the revision -1 is numbered as it is written: its row takes
 * the revisions' lock, held to the commit, and the next number. The ingest writes its batch's alerts
 * so, as the last statements before its commit (alerts/reported-alerts.ts). Numbered at the commit
 * instead, each alert was written twice: once with its stand-in, then again with its number, which
 * adds an entry to each of the table's fifteen indexes (0.09 ms of the database's CPU per alert on a
 * two-server ingest, and a dead row per alert for the vacuum), and the batch read the numbers back
 * after its commit. Any other revision (0) takes a stand-in numbered at the commit, as before.
 *
 * The SQL is written out as it stood at this migration; today's functions are in
 * alerts/revision-triggers.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await takeRevision(sql`
      if pg_trigger_depth() = 1 and new.revision = ${sql.lit(numberNow)} then
        perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
        new.revision := nextval('alert_revisions');
      elsif pg_trigger_depth() = 1 then
        -- The numbering at commit writes the final revision: the stand-in is only for the writers' own statements.
        ${takeStandIn}
      end if;`).execute(db);
}

/** 0034's row trigger again; the numbering at commit stays 0035's, which this migration did not touch. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await takeRevision(sql`
      -- The numbering below writes the final revision: the stand-in is only for the writers' own statements.
      if pg_trigger_depth() = 1 then
        ${takeStandIn}
      end if;`).execute(db);
}

/** The revision an alert is written with to be numbered as it is written. */
const numberNow = -1;

/** 0034's setting of the transaction's stand-ins' ids, and of their outgrowing it. */
const queuedBy = 'cfop.alert_revisions_queued_by';
const tooMany = 'cfop.alert_revisions_too_many';

/** The lock 0028 keys alert revisions with: ('cfop', 0). */
const consoleLocks = 0x6366_6f70;
const alertRevisionLock = 0;

/** 0034's stand-in of a row, minus its id, its id queued for the numbering at commit. */
const takeStandIn = sql`new.revision := -new.id;
        if queued = '' then
          -- The transaction's first stand-in queues the numbering, once for all of them.
          perform set_config(${sql.lit(queuedBy)}, new.id::text, true);
        elsif length(queued) < 8000 then
          perform set_config(${sql.lit(queuedBy)}, queued || ',' || new.id, true);
        else
          perform set_config(${sql.lit(tooMany)}, 'on', true);
        end if;`;

/** The row trigger's function, `body` run with `queued` as the setting `queuedBy` holds. */
const takeRevision = (body: RawBuilder<unknown>) =>
  sql`create or replace function alerts_take_revision() returns trigger language plpgsql as $$
    declare
      queued text := coalesce(current_setting(${sql.lit(queuedBy)}, true), '');
    begin${body}
      return new;
    end $$`;
