import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';
import { dialectOf } from '../dialect';

/**
 * recording_removals by camera: one row per hour, camera, reason and kind. The player names why a
 * camera's footage went from that camera's rows alone; summed over every camera, two cameras losing
 * footage of the same hours for different reasons left the reason untold. Rows from before have no
 * camera (null) and are read as any camera's, as they always were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table recording_removals add column camera_id integer`.execute(db);
    await sql`alter table recording_removals drop constraint recording_removals_hour_reason_kind`.execute(db);
    await sql`alter table recording_removals add constraint recording_removals_hour_camera_reason_kind
      unique (hour, camera_id, reason, kind)`.execute(db);
    return;
  }
  // SQLite changes no table constraint: the table is made anew with its rows.
  await createRemovals(db, 'recording_removals_new', true);
  await sql`insert into recording_removals_new
      (id, hour, reason, kind, segments, bytes, duration_ms, oldest_at, newest_at)
    select id, hour, reason, kind, segments, bytes, duration_ms, oldest_at, newest_at
    from recording_removals`.execute(db);
  await db.schema.dropTable('recording_removals').execute();
  await db.schema.alterTable('recording_removals_new').renameTo('recording_removals').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Summed back over the cameras into the rows by hour, reason and kind they were before.
  const { rows } = await sql<Record<string, unknown>>`select hour, reason, kind,
      sum(segments) as segments, sum(bytes) as bytes, sum(duration_ms) as duration_ms,
      min(oldest_at) as oldest_at, max(newest_at) as newest_at
    from recording_removals group by hour, reason, kind`.execute(db);
  await db.schema.dropTable('recording_removals').execute();
  await createRemovals(db, 'recording_removals', false);
  for (const row of rows) {
    await sql`insert into recording_removals
        (hour, reason, kind, segments, bytes, duration_ms, oldest_at, newest_at)
      values (${row.hour}, ${row.reason}, ${row.kind}, ${row.segments}, ${row.bytes},
        ${row.duration_ms}, ${row.oldest_at}, ${row.newest_at})`.execute(db);
  }
}

/** The table as 0044 made it, with the camera or without. */
async function createRemovals(db: Kysely<unknown>, name: string, byCamera: boolean): Promise<void> {
  const t = columnTypes(db);
  // Typed by any column name: which columns it has depends on `byCamera`.
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable(name)
    .addColumn('id', 'integer', t.identity)
    // The start of the hour the sweeps ran in.
    .addColumn('hour', t.timestamp, (c) => c.notNull());
  // No reference: a deleted camera's footage is recorded as it goes, after the camera.
  if (byCamera) table = table.addColumn('camera_id', 'integer');
  await table
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
    .addUniqueConstraint(
      byCamera ? 'recording_removals_hour_camera_reason_kind' : 'recording_removals_hour_reason_kind',
      byCamera ? ['hour', 'camera_id', 'reason', 'kind'] : ['hour', 'reason', 'kind'],
    )
    .execute();
}
