import { type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Single sign-on through an OpenID Connect provider, kept in the database so that any of several
 * servers can answer each step:
 * - oidc_sign_ins: one row per sign-in begun, by the digest of its state, with the nonce and PKCE
 *   verifier the provider's answer is checked against and the console page to return to; the
 *   provider's callback uses it up, and it is good for minutes only.
 * - oidc_handoffs: the digest of the one-time code the callback sends the browser back to the
 *   console with (never a session token in a URL), and what the login page gets for it, once: the
 *   user it signs in, or the refusal (state unknown, provider's error, no mapped group) to show.
 * - browser_hash on those two: the digest of the mark (a cookie) of the browser the sign-in began in;
 *   only that browser finishes it (sign-on-browser.ts).
 * - oidc_tokens: each user's ID and refresh token of their latest single sign-on, kept on the
 *   server only: the provider's sign-out is told whose session to end (id_token_hint), and the
 *   provider is asked again every few minutes whether the person is still theirs, and in which
 *   groups (refreshed_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('oidc_sign_ins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_sign_ins_expires_at').on('oidc_sign_ins').column('expires_at').execute();
  await db.schema
    .createTable('oidc_handoffs')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('refusal_code', 'text')
    .addColumn('refusal_zh', 'text')
    .addColumn('refusal_en', 'text')
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_handoffs_expires_at').on('oidc_handoffs').column('expires_at').execute();
  await db.schema
    .createTable('oidc_tokens')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('id_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('refreshed_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_tokens').execute();
  await db.schema.dropTable('oidc_handoffs').execute();
  await db.schema.dropTable('oidc_sign_ins').execute();
}
