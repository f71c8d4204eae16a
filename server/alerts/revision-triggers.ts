/**
 * The alerts' revision triggers on PostgreSQL as the migrations leave them today, to read in one
 * place: 0031 made the triggers, 0036 wrote the row trigger's function and 0035 the numbering's.
 * `revision-triggers.test.ts` compares each function with the migrated database, so a migration
 * that replaces one replaces it here too. SQLite numbers in the writing statement instead
 * (alert-revisions.ts).
 */

/**
 * The revision an alert is written with to be numbered as it is written (alert-revisions.ts writes
 * it): its row takes the revisions' lock, held to the commit, and the next number. Another server's
 * numbering waits for that commit, so the statement must be among the transaction's last.
 */
export const numberNow = -1;

/**
 * The ids of the transaction's stand-ins, comma-separated, in a setting local to the transaction (a
 * savepoint rolled back takes back what it added); its first is the row whose trigger queued the
 * numbering at commit (the constraint trigger fires for the row whose id the setting holds alone).
 */
const queuedBy = 'cfop.alert_revisions_queued_by';
/** Set when the ids outgrew the setting (about a thousand): the numbering then searches the stand-ins. */
const tooMany = 'cfop.alert_revisions_too_many';
/** The advisory lock alert revisions are numbered under: ('cfop', 0). */
const revisionLock = `${0x6366_6f70}, 0`;

/**
 * Each function's body (between its `$$`): `alerts_take_revision` before each row is written,
 * `alerts_number_revisions` deferred to the commit.
 */
export const revisionFunctionBodies = {
  alerts_take_revision: `
    declare
      queued text := coalesce(current_setting('${queuedBy}', true), '');
    begin
      if pg_trigger_depth() = 1 and new.revision = ${numberNow} then
        perform pg_advisory_xact_lock(${revisionLock});
        new.revision := nextval('alert_revisions');
      elsif pg_trigger_depth() = 1 then
        -- The numbering at commit writes the final revision: the stand-in is only for the writers' own statements.
        new.revision := -new.id;
        if queued = '' then
          -- The transaction's first stand-in queues the numbering, once for all of them.
          perform set_config('${queuedBy}', new.id::text, true);
        elsif length(queued) < 8000 then
          perform set_config('${queuedBy}', queued || ',' || new.id, true);
        else
          perform set_config('${tooMany}', 'on', true);
        end if;
      end if;
      return new;
    end `,
  alerts_number_revisions: `
    declare
      own integer;
    begin
      perform pg_advisory_xact_lock(${revisionLock});
      -- Other transactions' stand-ins are not visible here: only this one's are numbered.
      if coalesce(current_setting('${tooMany}', true), '') = 'on' then
        update alerts set revision = numbered.revision
          from (
            select id, nextval('alert_revisions') as revision
              from (select id from alerts where revision < 0 order by id) own
          ) numbered
         where alerts.id = numbered.id;
      else
        -- In id order; a row numbered already, or deleted since, takes no number.
        for own in select unnest(string_to_array(current_setting('${queuedBy}'), ',')::integer[]) order by 1 loop
          update alerts set revision = nextval('alert_revisions') where id = own and revision < 0;
        end loop;
      end if;
      -- A stand-in written after this (the numbering fired early) queues it again.
      perform set_config('${queuedBy}', '', true);
      perform set_config('${tooMany}', '', true);
      return null;
    end `,
} as const;
