import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Notification rules and their outbox. A rule's lists of plain values (labels, sources, days,
 * phones) are JSON text, read only when a rule is matched; its cameras, AI servers and SMS users are
 * link tables, so a deleted camera or user leaves the rules that named it. The outbox holds one row
 * per message, channel and receiver, written in the alert's own transaction: a message is lost
 * neither by a restart nor by a receiver that is down, and retried until it is sent or too old.
 * It keeps what the message tells (not a reference to the alert), as the alert may be purged first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  // Each user's own switch for the console's desktop notification and sound on new alerts.
  await db.schema
    .alterTable('users')
    .addColumn('alert_notifications', t.flag, (c) => c.notNull().defaultTo(t.flagValue(false)))
    .execute();
  await db.schema
    .createTable('notify_rules')
    .addColumn('id', 'integer', t.identity)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('enabled', t.flag, (c) =>
      t.flag === 'boolean' ? c.notNull() : c.notNull().check(sql`enabled in (0, 1)`),
    )
    .addColumn('labels', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('min_level', 'text', (c) =>
      c.notNull().check(sql`min_level in ('low', 'medium', 'high', 'critical')`),
    )
    .addColumn('sources', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('days', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('from_time', 'text', (c) => c.notNull())
    .addColumn('to_time', 'text', (c) => c.notNull())
    .addColumn('cooldown_seconds', 'integer', (c) => c.notNull())
    .addColumn('webhook_kind', 'text', (c) =>
      c.notNull().check(sql`webhook_kind in ('none', 'dingtalk', 'wecom', 'feishu', 'json')`),
    )
    .addColumn('webhook_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('webhook_secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sms_phones', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', t.timestamp)
    .addColumn('last_failure_at', t.timestamp)
    .addColumn('last_failure', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_rules_created_at').on('notify_rules').column('created_at').execute();
  const links = [
    ['notify_rule_cameras', 'camera_id', 'cameras.id'],
    ['notify_rule_ai_servers', 'ai_server_id', 'ai_servers.id'],
    ['notify_rule_sms_users', 'user_id', 'users.id'],
  ] as const;
  for (const [table, column, target] of links) {
    await db.schema
      .createTable(table)
      .addColumn('rule_id', 'integer', (c) => c.notNull().references('notify_rules.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(target).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['rule_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  }
  await db.schema
    .createTable('notification_outbox')
    .addColumn('id', 'integer', t.identity)
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('notify_rules.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('webhook', 'sms')`))
    // The phone of an SMS; '' for the rule's webhook.
    .addColumn('target', 'text', (c) => c.notNull())
    // The cool-down's key beside the rule: 0 for alerts without a camera.
    .addColumn('camera_key', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('alert_id', 'integer', (c) => c.notNull())
    // JSON of what the message tells of its first alert.
    .addColumn('alert', t.json, (c) => c.notNull())
    .addColumn('alert_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('due_at', t.timestamp, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', t.timestamp)
    .addColumn('last_status', 'integer')
    .addColumn('last_answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sent_at', t.timestamp)
    .execute();
  // The worker asks for the pending messages that are due.
  await db.schema
    .createIndex('notification_outbox_status_due_at')
    .on('notification_outbox')
    .columns(['status', 'due_at'])
    .execute();
  // The cool-down asks for a rule's latest message per camera and receiver; the rule's deliveries
  // are listed newest first.
  await db.schema
    .createIndex('notification_outbox_rule_camera')
    .on('notification_outbox')
    .columns(['rule_id', 'camera_key', 'channel', 'target', 'id'])
    .execute();
  await db.schema
    .createIndex('notification_outbox_rule_id')
    .on('notification_outbox')
    .columns(['rule_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_outbox').execute();
  for (const table of ['notify_rule_sms_users', 'notify_rule_ai_servers', 'notify_rule_cameras'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropTable('notify_rules').execute();
  await db.schema.alterTable('users').dropColumn('alert_notifications').execute();
}
