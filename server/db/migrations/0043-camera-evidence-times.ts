import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * A camera's status follows the newest evidence of its stream, whatever its source: `read_at` is
 * when the console last read it (`read_ok`), `reported_at` when its AI server last listed it in a
 * heartbeat (`stream_ok`), and `read_live` is 1 while a live relay reads it, its read renewed with
 * every frame. Reports stored before have no time: they count as older than any new evidence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  for (const [name, type] of [
    ['read_at', t.timestamp],
    ['read_live', t.flag],
    ['reported_at', t.timestamp],
  ] as const) {
    await db.schema.alterTable('cameras').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['reported_at', 'read_live', 'read_at']) {
    await db.schema.alterTable('cameras').dropColumn(name).execute();
  }
}
