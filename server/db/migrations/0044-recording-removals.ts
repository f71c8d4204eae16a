import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * What the recording sweep removed, and why (issue 31): one row per hour, reason and kind of
 * footage, summed over that hour's sweeps, so a quota that removes a segment every sweep writes a
 * few rows a day, not thousands. The home page's storage block says from these what went.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('recording_removals')
    .addColumn('id', 'integer', t.identity)
    // The start of the hour the sweeps ran in.
    .addColumn('hour', t.timestamp, (c) => c.notNull())
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('deletedCamera', 'noAlert', 'retention', 'quota', 'disk')`),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('continuous', 'alert')`))
    .addColumn('segments', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    // The footage's length, in milliseconds.
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    // The removed footage's earliest start and latest end.
    .addColumn('oldest_at', t.timestamp, (c) => c.notNull())
    .addColumn('newest_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('recording_removals_hour_reason_kind', ['hour', 'reason', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recording_removals').execute();
}
