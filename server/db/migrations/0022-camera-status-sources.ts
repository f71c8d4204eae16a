import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * A camera's status comes from its stream as the console reads it (the live relay, or the periodic
 * probe) as well as from its AI server's report (`stream_ok`, 0015): `read_ok` is the console's last
 * read (1 readable, 0 not, null not read since the server started) and `read_by` what read it; the
 * status, what decided it and when it last changed are kept for the lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  for (const [name, type] of [
    ['read_ok', t.flag],
    ['read_by', 'text'],
    ['status_source', 'text'],
    ['status_changed_at', t.timestamp],
  ] as const) {
    await db.schema.alterTable('cameras').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['status_changed_at', 'status_source', 'read_by', 'read_ok']) {
    await db.schema.alterTable('cameras').dropColumn(name).execute();
  }
}
