import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

// Migrations take Kysely<unknown>: they describe the schema at their own point in time, not today's types.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', t.identity)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('email', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('enabled')
        .check(sql`status in ('enabled', 'disabled')`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_login_at', t.timestamp)
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', t.identity)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('builtin', t.flag, (c) => c.notNull().defaultTo(t.flagValue(false)))
    .execute();

  await db.schema
    .createTable('role_access_keys')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('access_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_access_keys_pk', ['role_id', 'access_key'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_id').on('user_roles').column('role_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('revoked_at', t.timestamp)
    .addColumn('client_type', 'text', (c) => c.notNull())
    .addColumn('client_host', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('principal', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'integer', t.identity)
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').column('phone').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sms_codes',
    'login_failures',
    'sessions',
    'user_roles',
    'role_access_keys',
    'roles',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
