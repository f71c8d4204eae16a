import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * On PostgreSQL, the numbering at commit (0031) finds the transaction's alerts by their ids, no
 * longer by their stand-in revisions. It searched the revisions below zero, where every alert ever
 * written left an entry of its stand-in, dead once numbered, until a vacuum: at a thousand alerts a
 * second that search crossed tens of thousands of dead entries on each commit, under the lock every
 * writer of alerts waits for (2.1 ms of a two-server ingest batch, and growing with the table).
 *
 * The row trigger now keeps the ids of the transaction's stand-ins in a setting local to it, and the
 * numbering looks them up by key. A transaction writing more stand-ins than the setting holds (a
 * bulk change) is numbered by the search, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await takeRevisionFunction(sql`
      -- The numbering below writes the final revision: the stand-in is only for the writers' own statements.
      if pg_trigger_depth() = 1 then
        ${takeStandIn}
      end if;`).execute(db);
  await numberRevisionsFunction(
    numberInIdOrder(sql`id = any(string_to_array(current_setting(${sql.lit(queuedBy)}), ',')::integer[])
          and revision < 0`),
  ).execute(db);
}

/** The numbering's update: the transaction's stand-ins that `own` picks, numbered in id order. */
const numberInIdOrder = (own: RawBuilder<unknown>) => sql`update alerts set revision = numbered.revision
  from (
    select id, nextval('alert_revisions') as revision
      from (select id from alerts where ${own} order by id) own
  ) numbered
 where alerts.id = numbered.id;`;

/**
 * The ids of the transaction's stand-ins, comma-separated, in a setting local to the transaction
 * (a savepoint rolled back takes back what it added); its first is the row whose trigger queued the
 * numbering (0031's trigger, unchanged, fires for the row whose id the setting holds alone).
 */
const queuedBy = 'cfop.alert_revisions_queued_by';

/** Set when the ids outgrew the setting: the numbering then searches the stand-ins. */
const tooMany = 'cfop.alert_revisions_too_many';

/**
 * About a thousand ids: the setting is copied on each append, so a bulk change of thousands of
 * alerts stops appending rather than copying megabytes.
 */
const maxQueuedLength = 8000;

/** The lock 0028 keys alert revisions with: ('cfop', 0). */
const consoleLocks = 0x6366_6f70;
const alertRevisionLock = 0;

/**
 * The row trigger's stand-in, minus the row's id, its id queued for the numbering at commit (in a
 * function declaring `queued` as the setting `queuedBy` holds).
 */
const takeStandIn = sql`new.revision := -new.id;
        if queued = '' then
          -- The transaction's first stand-in queues the numbering, once for all of them.
          perform set_config(${sql.lit(queuedBy)}, new.id::text, true);
        elsif length(queued) < ${sql.lit(maxQueuedLength)} then
          perform set_config(${sql.lit(queuedBy)}, queued || ',' || new.id, true);
        else
          perform set_config(${sql.lit(tooMany)}, 'on', true);
        end if;`;

/** The row trigger's function, `body` run with `queued` as the setting `queuedBy` holds. */
const takeRevisionFunction = (body: RawBuilder<unknown>) =>
  sql`create or replace function alerts_take_revision() returns trigger language plpgsql as $$
    declare
      queued text := coalesce(current_setting(${sql.lit(queuedBy)}, true), '');
    begin${body}
      return new;
    end $$`;

/**
 * The numbering's function: the transaction's stand-ins numbered under the revisions' lock, by the
 * search when their ids outgrew the setting, else by `byQueuedIds` (with `declarations` of its own).
 */
const numberRevisionsFunction = (byQueuedIds: RawBuilder<unknown>, declarations = sql``) =>
  sql`create or replace function alerts_number_revisions() returns trigger language plpgsql as $$
    ${declarations}
    begin
      perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
      -- Other transactions' stand-ins are not visible here: only this one's are numbered.
      if coalesce(current_setting(${sql.lit(tooMany)}, true), '') = 'on' then
        ${numberInIdOrder(sql`revision < 0`)}
      else
        ${byQueuedIds}
      end if;
      -- A stand-in written after this (the numbering fired early) queues it again.
      perform set_config(${sql.lit(queuedBy)}, '', true);
      perform set_config(${sql.lit(tooMany)}, '', true);
      return null;
    end $$`;

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create or replace function alerts_take_revision() returns trigger language plpgsql as $$
    begin
      if pg_trigger_depth() = 1 then
        new.revision := -new.id;
        if coalesce(current_setting(${sql.lit(queuedBy)}, true), '') = '' then
          perform set_config(${sql.lit(queuedBy)}, new.id::text, true);
        end if;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create or replace function alerts_number_revisions() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
      ${numberInIdOrder(sql`revision < 0`)}
      perform set_config(${sql.lit(queuedBy)}, '', true);
      return null;
    end $$`.execute(db);
}
