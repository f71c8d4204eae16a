import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import {
  alertRevisionLock,
  consoleLocks,
  up as numberingOf0034,
  queuedBy,
  tooMany,
} from './0034-alert-revisions-by-id';

/**
 * On PostgreSQL, the numbering at commit (0031, 0034) updates the transaction's alerts one by one,
 * each found by its key. Its one statement for all of them joined the queued ids to the table, and
 * the plan PL/pgSQL kept for it was made once per connection from the statistics of the day: on a
 * table of some ten thousand alerts it read the whole table into a hash at every commit (1.9 ms of
 * each two-server ingest batch, under the lock every writer of alerts waits for). A key look-up has
 * one plan, whatever the table's size. The search that numbers a bulk change stays as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create or replace function alerts_number_revisions() returns trigger language plpgsql as $$
    declare
      own integer;
    begin
      perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
      if coalesce(current_setting(${sql.lit(tooMany)}, true), '') = 'on' then
        update alerts set revision = numbered.revision
          from (
            select id, nextval('alert_revisions') as revision
              from (select id from alerts where revision < 0 order by id) stand_ins
          ) numbered
         where alerts.id = numbered.id;
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
    end $$`.execute(db);
}

/** 0034's numbering again (its `up` replaces both its functions, the row trigger's unchanged). */
export const down = numberingOf0034;
