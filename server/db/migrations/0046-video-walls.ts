import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Saved video walls (我的画面): a wall's layout and a camera per pane (JSON, null for an empty pane),
 * owned by a user and private or shared. Each user's default wall is one row keyed by the user, so
 * marking another default is one upsert: no moment with two defaults, none lost between two writes.
 * A deleted user takes their walls; a deleted wall stops being anyone's default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('video_walls')
    .addColumn('id', 'integer', t.identity)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('layout', 'integer', (c) => c.notNull().check(sql`layout in (1, 4, 9, 16)`))
    .addColumn('cameras', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('shared', t.flag, (c) =>
      t.flag === 'boolean' ? c.notNull() : c.notNull().check(sql`shared in (0, 1)`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('video_walls_owner_name', ['owner_id', 'name'])
    .execute();
  await db.schema.createIndex('video_walls_shared').on('video_walls').columns(['shared', 'id']).execute();
  await db.schema
    .createTable('video_wall_defaults')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('wall_id', 'integer', (c) => c.notNull().references('video_walls.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('video_wall_defaults_wall_id')
    .on('video_wall_defaults')
    .column('wall_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_wall_defaults').execute();
  await db.schema.dropTable('video_walls').execute();
}
