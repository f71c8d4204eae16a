import { type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

// 摄像头分组 / Camera groups: one row per item of the CameraGroup resource; columns are its
// fields in snake_case. A camera may be in several groups: the link table holds the pairs, and a
// deleted camera or group leaves the other's rows. The indexes serve the list's sort orders and
// filters (with id, its tie-break) and a camera's groups.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('camera_groups')
    .addColumn('id', 'integer', t.identity)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  for (const column of ['created_at']) {
    await db.schema
      .createIndex(`camera_groups_${column}`)
      .on('camera_groups')
      .columns([column, 'id'])
      .execute();
  }
  await db.schema
    .createTable('camera_group_cameras')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('camera_groups.id').onDelete('cascade'))
    .addColumn('camera_id', 'integer', (c) => c.notNull().references('cameras.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('camera_group_cameras_pk', ['group_id', 'camera_id'])
    .execute();
  await db.schema
    .createIndex('camera_group_cameras_camera_id')
    .on('camera_group_cameras')
    .column('camera_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('camera_group_cameras').execute();
  await db.schema.dropTable('camera_groups').execute();
}
