import type { Kysely } from 'kysely';

/**
 * The video codec of each recorded segment (`h264`, `hevc`...), as ffprobe names it: a browser
 * without H.265 decoding is given footage transcoded to H.264 instead, or told why it cannot play.
 * Segments recorded before have none: they are taken as recorded, as they always were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('recording_segments').addColumn('codec', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('recording_segments').dropColumn('codec').execute();
}
