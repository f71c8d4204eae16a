import type { Kysely } from 'kysely';

/**
 * The notification cool-down groups a burst by the kind of alert as well as by rule and camera: a
 * camera losing its stream, or smoke, must not be folded into a running count of missing helmets on
 * the same camera. The kind is the alert's type and label (server/notify/outbox.ts `alertKindOf`);
 * messages queued before keep '' and end their cool-down as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notification_outbox')
    .addColumn('alert_kind', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.dropIndex('notification_outbox_rule_camera').execute();
  await db.schema
    .createIndex('notification_outbox_rule_camera_kind')
    .on('notification_outbox')
    .columns(['rule_id', 'camera_key', 'alert_kind', 'channel', 'target', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notification_outbox_rule_camera_kind').execute();
  await db.schema
    .createIndex('notification_outbox_rule_camera')
    .on('notification_outbox')
    .columns(['rule_id', 'camera_key', 'channel', 'target', 'id'])
    .execute();
  await db.schema.alterTable('notification_outbox').dropColumn('alert_kind').execute();
}
