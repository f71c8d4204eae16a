import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';
import { dialectOf } from '../dialect';

/**
 * A second factor (TOTP, RFC 6238) and the session list:
 * - user_totp: a user's TOTP secret; confirmed_at is null while enrolment waits for a first right
 *   code, and only a confirmed row asks for codes at sign-in. last_step is the time step of the last
 *   code accepted: a code of that step or an earlier one is refused, so none is accepted twice.
 * - user_recovery_codes: the digests of the codes that stand in for a lost device, each used once.
 * - sign_in_challenges: the pending second step of a sign-in (or the enrolment an administrator must
 *   make first): the digest of a short-lived token, never a session, answered once with a session.
 * - sign_in_attempts.method gains 'totp': wrong codes count under the same limits as passwords.
 * - sessions.user_agent: what the session list names the device by; '' for sessions from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('confirmed_at', t.timestamp)
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'integer', t.identity)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addUniqueConstraint('user_recovery_codes_user_code', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('code', 'enrol')`))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('sign_in_challenges_expires_at')
    .on('sign_in_challenges')
    .column('expires_at')
    .execute();
  await allowMethods(db, ['password', 'sms', 'totp']);
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await sql`delete from sign_in_attempts where method = 'totp'`.execute(db);
  await allowMethods(db, ['password', 'sms']);
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_totp').execute();
}

/**
 * Replaces sign_in_attempts.method's check: PostgreSQL alters the constraint; SQLite cannot, so the
 * table is made anew with its rows and indexes (as 0012 made it).
 */
async function allowMethods(db: Kysely<unknown>, methods: readonly string[]): Promise<void> {
  const allowed = sql.join(methods.map((method) => sql.lit(method)));
  if (dialectOf(db) === 'postgres') {
    await sql`alter table sign_in_attempts drop constraint sign_in_attempts_method_check`.execute(db);
    await sql`alter table sign_in_attempts add constraint sign_in_attempts_method_check check (method in (${allowed}))`.execute(
      db,
    );
    return;
  }
  const t = columnTypes(db);
  await db.schema
    .createTable('sign_in_attempts_new')
    .addColumn('id', 'integer', t.identity)
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in (${allowed})`))
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .addColumn('cleared', t.flag, (c) => c.notNull().defaultTo(t.flagValue(false)))
    .execute();
  await sql`insert into sign_in_attempts_new (id, method, principal, address, at, cleared)
    select id, method, principal, address, at, cleared from sign_in_attempts`.execute(db);
  await db.schema.dropTable('sign_in_attempts').execute();
  await db.schema.alterTable('sign_in_attempts_new').renameTo('sign_in_attempts').execute();
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
}
