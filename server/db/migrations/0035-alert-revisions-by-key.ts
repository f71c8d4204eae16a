import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * On PostgreSQL, the numbering at commit (0031, 0034) updates the transaction's alerts one by one,
 * each found by its key. Its one statement for all of them joined the queued ids to the table, and
 * the plan PL/pgSQL kept for it was made once per connection from the statistics of the day: on a
 * table of some ten thousand alerts it read the whole table into a hash at every commit (1.9 ms of
 * each two-server ingest batch, under the lock every writer of alerts waits for). A key look-up has
 * one plan, whatever the table's size. The search that numbers a bulk change stays as it was.
 *
 * The SQL is written out as it stood at this migration; today's functions are in
 * alerts/revision-triggers.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await numberingByKey.execute(db);
}

/** 0034's functions again: its row trigger's, unchanged here, and its numbering by the ids' join. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await takeRevisionOf0034.execute(db);
  await numberingOf0034.execute(db);
}

/** 0034's setting of the transaction's stand-ins' ids, and of their outgrowing it. */
const queuedBy = 'cfop.alert_revisions_queued_by';
const tooMany = 'cfop.alert_revisions_too_many';

/** The lock 0028 keys alert revisions with: ('cfop', 0). */
const consoleLocks = 0x6366_6f70;
const alertRevisionLock = 0;

/** The search that numbers a bulk change, in id order: 0034's, kept. */
const numberStandIns = sql`update alerts set revision = numbered.revision
          from (
            select id, nextval('alert_revisions') as revision
              from (select id from alerts where revision < 0 order by id) own
          ) numbered
         where alerts.id = numbered.id;`;

const numberingByKey = sql`create or replace function alerts_number_revisions() returns trigger language plpgsql as $$
    declare
      own integer;
    begin
      perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
      -- Other transactions' stand-ins are not visible here: only this one's are numbered.
      if coalesce(current_setting(${sql.lit(tooMany)}, true), '') = 'on' then
        ${numberStandIns}
      else
        -- In id order; a row numbered already, or deleted since, takes no number.
        for own in select unnest(string_to_array(current_setting(${sql.lit(queuedBy)}), ',')::integer[]) order by 1 loop
          update alerts set revision = nextval('alert_revisions') where id = own and revision < 0;
        end loop;
      end if;
      -- A stand-in written after this (the numbering fired early) queues it again.
      perform set_config(${sql.lit(queuedBy)}, '', true);
      perform set_config(${sql.lit(tooMany)}, '', true);
      return null;
    end $$`;

const takeRevisionOf0034 = sql`create or replace function alerts_take_revision() returns trigger language plpgsql as $$
    declare
      queued text := coalesce(current_setting(${sql.lit(queuedBy)}, true), '');
    begin
      -- The numbering below writes the final revision: the stand-in is only for the writers' own statements.
      if pg_trigger_depth() = 1 then
        new.revision := -new.id;
        if queued = '' then
          -- The transaction's first stand-in queues the numbering, once for all of them.
          perform set_config(${sql.lit(queuedBy)}, new.id::text, true);
        elsif length(queued) < 8000 then
          perform set_config(${sql.lit(queuedBy)}, queued || ',' || new.id, true);
        else
          perform set_config(${sql.lit(tooMany)}, 'on', true);
        end if;
      end if;
      return new;
    end $$`;

const numberingOf0034 = sql`create or replace function alerts_number_revisions() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
      -- Other transactions' stand-ins are not visible here: only this one's are numbered.
      if coalesce(current_setting(${sql.lit(tooMany)}, true), '') = 'on' then
        ${numberStandIns}
      else
        update alerts set revision = numbered.revision
          from (
            select id, nextval('alert_revisions') as revision
              from (select id from alerts where id = any(string_to_array(current_setting(${sql.lit(queuedBy)}), ',')::integer[])
                  and revision < 0 order by id) own
          ) numbered
         where alerts.id = numbered.id;
      end if;
      -- A stand-in written after this (the numbering fired early) queues it again.
      perform set_config(${sql.lit(queuedBy)}, '', true);
      perform set_config(${sql.lit(tooMany)}, '', true);
      return null;
    end $$`;
