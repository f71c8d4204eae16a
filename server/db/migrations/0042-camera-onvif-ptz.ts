import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * PTZ control through a camera's ONVIF services:
 * - cameras.onvif_xaddr / onvif_username / onvif_password: where the camera's device service is and
 *   the credentials it takes ('' for none: such a camera offers no PTZ). The ONVIF import fills them.
 * - ptz_control_sessions: each user's session of control on each camera, so that a held control,
 *   which sends a move every second or two, writes one operation log entry rather than one a step.
 *   `session` is a random token replaced when a move comes after the session lapsed: the call that
 *   replaced it is the one that logs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  for (const column of ['onvif_xaddr', 'onvif_username', 'onvif_password'])
    await db.schema
      .alterTable('cameras')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .createTable('ptz_control_sessions')
    .addColumn('camera_id', 'integer', (c) => c.notNull().references('cameras.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('last_move_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('ptz_control_sessions_pk', ['camera_id', 'user_id'])
    .execute();
  // A user's rows go with them: a lookup by user alone (deleting one) needs its own index.
  await db.schema
    .createIndex('ptz_control_sessions_user')
    .on('ptz_control_sessions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ptz_control_sessions').execute();
  for (const column of ['onvif_password', 'onvif_username', 'onvif_xaddr'])
    await db.schema.alterTable('cameras').dropColumn(column).execute();
}
