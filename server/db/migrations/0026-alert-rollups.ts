import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Rollups of the alerts for the operations dashboard (see server/analysis/alert-rollups.ts): per
 * quarter hour, source, level and status with the milliseconds of handling, and per UTC day,
 * source, camera, label and status. The key of each is its primary key (the upserts' conflict
 * target); the slot leads it, as the dashboard reads a range of slots. Filled from the alerts by
 * 0029, which adds the hourly rollup: the recount writes every rollup, so it runs once all exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const status = sql`status in ('pending', 'confirmed', 'dismissed')`;
  await db.schema
    .createTable('alert_rollups')
    .addColumn('slot_start', t.timestamp, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(status))
    .addColumn('alert_count', 'integer', (c) => c.notNull())
    // Milliseconds summed over up to millions of alerts: past 2^31 on PostgreSQL too.
    .addColumn('handling_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_rollups_key', ['slot_start', 'source', 'level', 'status'])
    .execute();
  await db.schema
    .createTable('alert_day_rollups')
    .addColumn('day_start', t.timestamp, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(status))
    .addColumn('alert_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_day_rollups_key', ['day_start', 'source', 'camera_id', 'label', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_day_rollups').execute();
  await db.schema.dropTable('alert_rollups').execute();
}
