import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Limits on guessing that hold under concurrency and across servers sharing the database:
 * - sign_in_attempts: one row per admitted password or SMS-code guess, inserted before the guess is
 *   checked (so parallel guesses count at once) and kept as a failure unless it proves right. A
 *   success marks the principal's earlier failures cleared: they stop counting against the account
 *   but keep counting against the address they came from. Replaces login_failures' counter.
 * - sms_sends: when and from which address each SMS code was asked for (per-address and global
 *   send limits); sms_codes alone forgets a phone's earlier codes.
 * - operation_log_tallies: the one operation log entry that stands for a flood of anonymous calls
 *   of an operation from an address in a quarter hour, and how many it stands for.
 * - sessions.last_active_at: the idle time-out; sessions from before start idle from their sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'integer', t.identity)
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('password', 'sms')`))
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .addColumn('cleared', t.flag, (c) => c.notNull().defaultTo(t.flagValue(false)))
    .execute();
  await db.schema
    .createIndex('sign_in_attempts_principal')
    .on('sign_in_attempts')
    .columns(['method', 'principal', 'at'])
    .execute();
  await db.schema
    .createIndex('sign_in_attempts_address')
    .on('sign_in_attempts')
    .columns(['address', 'at'])
    .execute();
  await db.schema.createIndex('sign_in_attempts_at').on('sign_in_attempts').column('at').execute();
  await db.schema.dropTable('login_failures').execute();

  await db.schema
    .createTable('sms_sends')
    .addColumn('id', 'integer', t.identity)
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_sends_address').on('sms_sends').columns(['address', 'at']).execute();
  await db.schema.createIndex('sms_sends_at').on('sms_sends').column('at').execute();

  await db.schema
    .createTable('operation_log_tallies')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('window_start', t.timestamp, (c) => c.notNull())
    .addColumn('log_id', 'integer', (c) => c.notNull().references('operation_logs.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('operation_log_tallies_pk', ['action', 'ip', 'code', 'window_start'])
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('last_active_at', t.timestamp, (c) => c.notNull().defaultTo(t.timestampUnset))
    .execute();
  await sql`update sessions set last_active_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_active_at').execute();
  await db.schema.dropTable('operation_log_tallies').execute();
  await db.schema.dropTable('sms_sends').execute();
  await db.schema.dropTable('sign_in_attempts').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('principal', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();
}
