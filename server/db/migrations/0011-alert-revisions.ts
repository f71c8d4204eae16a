import { sql, type Kysely } from 'kysely';

/**
 * Each alert's revision: a number that grows with every change of any alert (raised, handled), so the
 * live stream can send "everything changed after revision N" in order, and a console that lost its
 * connection resumes from the last revision it saw without missing a handled alert. Unique: the
 * stream's event ids must not repeat. Alerts from before this migration number by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('alerts')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update alerts set revision = id`.execute(db);
  await db.schema.createIndex('alerts_revision').unique().on('alerts').column('revision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('alerts_revision').execute();
  await db.schema.alterTable('alerts').dropColumn('revision').execute();
}
