import { sql, type Kysely } from 'kysely';
import { rebuildAlertRollups } from '../../analysis/alert-rollups';
import { columnTypes } from '../column-types';
import type { Db } from '../open-database';

/**
 * The hourly rollup of the rankings (see server/analysis/alert-rollups.ts): per UTC hour, source,
 * camera, label and status, keyed like the daily one, the hour leading. Then every rollup is
 * recounted from the alerts, the quarter-hour and daily ones of 0026 included.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('alert_hour_rollups')
    .addColumn('hour_start', t.timestamp, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'dismissed')`),
    )
    .addColumn('alert_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_hour_rollups_key', [
      'hour_start',
      'source',
      'camera_id',
      'label',
      'status',
    ])
    .execute();
  // The migrations' database is the console's, typed by no schema here.
  await rebuildAlertRollups(db as unknown as Db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_hour_rollups').execute();
}
