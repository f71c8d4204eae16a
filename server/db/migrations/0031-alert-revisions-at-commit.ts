import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * On PostgreSQL, alert revisions are numbered as the writing transaction commits, no longer at its
 * first write. 0028 took the revisions' lock at the first alert a transaction wrote and held it to
 * the commit: a batch of a hundred ingested alerts held it for all its statements, and every other
 * server's batch waited, so two servers ingested less than one.
 *
 * A row written now takes a stand-in revision, minus its id (unique, below every stream's position,
 * so no stream can read it); a deferred constraint trigger numbers the transaction's stand-ins at
 * commit under the same lock, in one statement, in id order, from a sequence (a changed alert's old
 * number is gone from the table by then: `max + 1` could give it again). Revisions still commit in
 * their order, whatever code writes them; a transaction that fails after numbering leaves a gap,
 * which streams step over. A writer that must answer the revision before the commit fires the
 * numbering first (`set constraints … immediate`, see alerts/alert-revisions.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create or replace function alerts_take_revision() returns trigger language plpgsql as $$
    begin
      -- The numbering below writes the final revision: the stand-in is only for the writers' own statements.
      if pg_trigger_depth() = 1 then
        new.revision := -new.id;
        -- The transaction's first stand-in queues the numbering, once for all of them.
        if coalesce(current_setting(${sql.lit(queuedBy)}, true), '') = '' then
          perform set_config(${sql.lit(queuedBy)}, new.id::text, true);
        end if;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create sequence alert_revisions`.execute(db);
  await sql`select setval('alert_revisions', coalesce((select max(revision) from alerts), 0) + 1, false)`.execute(
    db,
  );
  await sql`create function alerts_number_revisions() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
      -- Other transactions' stand-ins are not visible here: only this one's are numbered.
      update alerts set revision = numbered.revision
        from (
          select id, nextval('alert_revisions') as revision
            from (select id from alerts where revision < 0 order by id) own
        ) numbered
       where alerts.id = numbered.id;
      -- A stand-in written after this (the numbering fired early) queues it again.
      perform set_config(${sql.lit(queuedBy)}, '', true);
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger alerts_number_revisions
    after insert or update of revision on alerts
    deferrable initially deferred
    for each row when (new.revision < 0 and current_setting(${sql.lit(queuedBy)}, true) = new.id::text)
    execute function alerts_number_revisions()`.execute(db);
}

/**
 * The id of the row whose stand-in queued the transaction's numbering, in a setting local to the
 * transaction: one queued numbering per transaction, not one per row (each would search the
 * stand-ins' index, thick with the versions numbering leaves behind: quadratic for a bulk insert).
 * A savepoint rolled back takes the setting back with the queued numbering.
 */
const queuedBy = 'cfop.alert_revisions_queued_by';

/** The lock 0028 keys alert revisions with: ('cfop', 0). */
const consoleLocks = 0x6366_6f70;
const alertRevisionLock = 0;

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger alerts_number_revisions on alerts`.execute(db);
  await sql`drop function alerts_number_revisions()`.execute(db);
  await sql`drop sequence alert_revisions`.execute(db);
  await sql`create or replace function alerts_take_revision() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
      new.revision := coalesce((select max(revision) from alerts), 0) + 1;
      return new;
    end $$`.execute(db);
}
