import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Notifications within what their author may see and what the SMS budget allows:
 * - notify_rules.created_by / updated_by: who wrote the rule. A rule forwards an alert only while
 *   its last writer holds the key to see it (server/notify/rule-authors.ts). Rules written before
 *   were saved by someone trusted with them at the time: they are given to the first enabled
 *   administrator, so they keep forwarding (an upgrade silences no alarm) and stop, as any other,
 *   if that administrator loses the key. A deleted author leaves null: the rule forwards nothing.
 * - sms_sends.phone: every SMS the console sends (sign-in codes, notifications, test sends) is one
 *   row, so the site's budget and each number's hourly cap count them all; '' for rows from before.
 * - notify_test_sends: when each user tested each rule, for the limits on test sends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  for (const column of ['created_by', 'updated_by'])
    await db.schema
      .alterTable('notify_rules')
      .addColumn(column, 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  const trx = db as Kysely<LegacyTables>;
  const administrator = await trx
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.id')
    .where('users.status', '=', 'enabled')
    .where('roles.builtin', '=', t.flagValue(true))
    .orderBy('users.id')
    .executeTakeFirst();
  if (administrator)
    await trx
      .updateTable('notify_rules')
      .set({ created_by: administrator.id, updated_by: administrator.id })
      .execute();

  await db.schema
    .alterTable('sms_sends')
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sms_sends_phone').on('sms_sends').columns(['phone', 'at']).execute();

  await db.schema
    .createTable('notify_test_sends')
    .addColumn('id', 'integer', t.identity)
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('notify_rules.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notify_test_sends_rule')
    .on('notify_test_sends')
    .columns(['rule_id', 'at'])
    .execute();
  await db.schema
    .createIndex('notify_test_sends_user')
    .on('notify_test_sends')
    .columns(['user_id', 'at'])
    .execute();
}

/** The tables as this migration reads and writes them. */
interface LegacyTables {
  users: { id: number; status: string };
  user_roles: { user_id: number; role_id: number };
  roles: { id: number; builtin: number | boolean };
  notify_rules: { created_by: number | null; updated_by: number | null };
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notify_test_sends').execute();
  await db.schema.dropIndex('sms_sends_phone').execute();
  await db.schema.alterTable('sms_sends').dropColumn('phone').execute();
  for (const column of ['updated_by', 'created_by'])
    await db.schema.alterTable('notify_rules').dropColumn(column).execute();
}
