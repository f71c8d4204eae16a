import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Recording (issue 12): each camera's recording mode, and an index of the recorded segments kept in
 * the recording store. A segment's row names its object in the store by `store_key`, so a shared
 * store can replace the local folder without a change here. No foreign key to the camera: a deleted
 * camera's segments outlive its row until the recording sweep removes their files with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('cameras')
    .addColumn('recording_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('off')
        .check(sql`recording_mode in ('off', 'continuous', 'alerts')`),
    )
    .execute();
  await db.schema
    .createTable('recording_segments')
    .addColumn('id', 'integer', t.identity)
    .addColumn('camera_id', 'integer', (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('ended_at', t.timestamp, (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('store_key', 'text', (c) => c.notNull().unique())
    // One recorder run: its segments' timestamps continue each other; a new run starts afresh.
    .addColumn('run', 'text', (c) => c.notNull())
    // 1 while recorded "around alerts only" and not yet kept for an alert nearby.
    .addColumn('awaiting_alert', t.flag, (c) => c.notNull().defaultTo(t.flagValue(false)))
    .execute();
  // A camera's day (playback, clips), the oldest overall (retention, quota), the undecided ones.
  for (const columns of [['camera_id', 'started_at'], ['started_at'], ['awaiting_alert', 'started_at']]) {
    await db.schema
      .createIndex(`recording_segments_${columns.join('_')}`)
      .on('recording_segments')
      .columns([...columns, 'id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recording_segments').execute();
  await db.schema.alterTable('cameras').dropColumn('recording_mode').execute();
}
