import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * An AI server's own id for each alert (`sourceId`), so a report retried after a time-out answers
 * the alert the first one stored instead of storing it again. Unique per server: the index, not a
 * look-up, is what keeps two concurrent retries from both inserting. Alerts without one (older
 * boxes) are not deduplicated; SQL counts NULLs as distinct, so they never collide.
 *
 * And each AI server's ingest quotas: a token bucket per kind (alerts, snapshot bytes), kept in the
 * database so that several console servers share one count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('alerts').addColumn('source_id', 'text').execute();
  await db.schema
    .createIndex('alerts_ai_server_id_source_id')
    .unique()
    .on('alerts')
    .columns(['ai_server_id', 'source_id'])
    .execute();
  await db.schema
    .createTable('ingest_quotas')
    .addColumn('ai_server_id', 'integer', (c) => c.notNull().references('ai_servers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('tokens', t.real, (c) => c.notNull())
    .addColumn('refilled_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('ingest_quotas_pk', ['ai_server_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ingest_quotas').execute();
  await db.schema.dropIndex('alerts_ai_server_id_source_id').execute();
  await db.schema.alterTable('alerts').dropColumn('source_id').execute();
}
