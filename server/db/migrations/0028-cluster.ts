import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';
import { dialectOf } from '../dialect';

/**
 * What several console servers on one PostgreSQL database share.
 *
 * `job_runs`: when each periodic job last started and on which server, so a job runs once per
 * interval across servers (background-tasks.ts claims a run here); `finished_at` null while it runs.
 *
 * `instance_secrets`: the keys every server must sign and check with alike (the snapshot links'),
 * kept in the database on PostgreSQL, where servers need not share a data folder.
 *
 * On PostgreSQL, alert revisions are taken under one lock held until commit: with several writers,
 * `max(revision) + 1` read by two transactions at once would collide, and a revision committed after
 * a higher one would be skipped by every stream already past it. The trigger takes the lock and
 * numbers the row after it, so revisions commit in their order, whatever code writes them. SQLite
 * has one writer, which does the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .addColumn('server', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('instance_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  if (dialectOf(db) !== 'postgres') return;
  await sql`create function alerts_take_revision() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(alertRevisionLock)});
      new.revision := coalesce((select max(revision) from alerts), 0) + 1;
      return new;
    end $$`.execute(db);
  await sql`create trigger alerts_take_revision before insert or update of revision on alerts
    for each row execute function alerts_take_revision()`.execute(db);
}

/** The console's advisory locks are keyed (0x63666f70 'cfop', n); alert revisions take n = 0. */
const consoleLocks = 0x6366_6f70;
const alertRevisionLock = 0;

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger alerts_take_revision on alerts`.execute(db);
    await sql`drop function alerts_take_revision()`.execute(db);
  }
  await db.schema.dropTable('instance_secrets').execute();
  await db.schema.dropTable('job_runs').execute();
}
