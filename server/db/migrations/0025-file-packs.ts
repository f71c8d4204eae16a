import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * A file may live in a pack: one file on the disk holding the snapshots of one batch of alerts, end
 * to end (`pack` its name below DATA_DIR/files/packs, `pack_offset` where the file's bytes start).
 * Creating and syncing a file per snapshot cost more CPU than the rest of an alert's ingest. Null:
 * the file is DATA_DIR/files/<id>, as every file was before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('pack', 'text').execute();
  await db.schema.alterTable('files').addColumn('pack_offset', columnTypes(db).bytes).execute();
  // Whether a pack still holds a file, asked when files are removed.
  await db.schema.createIndex('files_pack').on('files').column('pack').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_pack').execute();
  await db.schema.alterTable('files').dropColumn('pack_offset').execute();
  await db.schema.alterTable('files').dropColumn('pack').execute();
}
