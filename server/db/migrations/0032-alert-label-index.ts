import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * On PostgreSQL too, the alerts' label gets a b-tree leading with it, which SQLite has had since
 * 0027, in place of its trigram index: a million alerts hold a few dozen labels, and the wall's
 * label search now finds the labels containing its text first, one seek per distinct label, then
 * the alerts holding one of them (db/contains-search.ts). The trigram index answered a count of a
 * label of three characters or more, but no shorter search, and its statistics-free stand-in for
 * those had PostgreSQL read a third of the table to count 10,000 of a rare label (160 ms; 3 ms so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.schema.createIndex(labelIndex).on('alerts').columns(['label', 'occurred_at', 'id']).execute();
  await db.schema.dropIndex(labelTrigrams).execute();
}

const labelIndex = 'alerts_label_occurred_at';
const labelTrigrams = 'alerts_label_trgm';

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create index ${sql.id(labelTrigrams)} on alerts using gin (label gin_trgm_ops)`.execute(db);
  await db.schema.dropIndex(labelIndex).execute();
}
