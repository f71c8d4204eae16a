import { type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

// A user signed in through an identity source (LDAP, OpenID Connect) is linked to it by the
// source's own stable id for them (an LDAP entry's entryUUID, an OpenID subject), never by a name:
// a name can be reused in the directory for another person. A user has at most one link per source;
// a deleted user leaves their links.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('external_identities')
    .addColumn('id', 'integer', t.identity)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_sign_in_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('external_identities_subject', ['provider', 'subject'])
    .addUniqueConstraint('external_identities_user', ['user_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('external_identities').execute();
}
