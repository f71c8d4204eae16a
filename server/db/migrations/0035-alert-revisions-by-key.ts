import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { numberRevisionsFunction, up as numberingOf0034, queuedBy } from './0034-alert-revisions-by-id';

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
  await numberRevisionsFunction(
    sql`-- In id order; a row numbered already, or deleted since, takes no number.
        for own in select unnest(string_to_array(current_setting(${sql.lit(queuedBy)}), ',')::integer[]) order by 1 loop
          update alerts set revision = nextval('alert_revisions') where id = own and revision < 0;
        end loop;`,
    sql`declare
      own integer;`,
  ).execute(db);
}

/** 0034's numbering again (its `up` replaces both its functions, the row trigger's unchanged). */
export const down = numberingOf0034;
