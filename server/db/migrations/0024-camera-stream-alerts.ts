import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * A camera's stream alerts follow its stream as any evidence proves it (the relay, the probe or its
 * AI server), not its AI server's report alone, so a camera without an AI server alerts too:
 * `stream_known_ok` is the stream as last proven (1 playing, 0 lost, null never known). It starts
 * as the AI server's last report, which the alerts followed until now, so none is raised again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('cameras').addColumn('stream_known_ok', t.flag).execute();
  await sql`update cameras set stream_known_ok = stream_ok`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cameras').dropColumn('stream_known_ok').execute();
}
