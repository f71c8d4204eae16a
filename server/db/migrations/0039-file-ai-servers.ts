import type { Kysely } from 'kysely';

/**
 * A snapshot keeps the AI server that uploaded it, so that an alert or a passage may name only a
 * snapshot of its own server: by id alone, any server could show another's picture as its own.
 * Null for the files users upload, for snapshots uploaded before (no server may name those), and
 * once the server is deleted (an id SQLite may give again must not hand its files to another). No
 * index: the alerts' facts find a file by its id, and only deleting a server reads the table
 * through, which an administrator does rarely; an index would cost every snapshot written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('ai_server_id', 'integer', (c) => c.references('ai_servers.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('ai_server_id').execute();
}
