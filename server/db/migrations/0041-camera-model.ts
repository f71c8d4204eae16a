import type { Kysely } from 'kysely';

/**
 * A camera's model as its device names it (DS-2CD2T47G2-L), read when ONVIF adds it; '' for the
 * cameras before, and for one whose model nobody entered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cameras')
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cameras').dropColumn('model').execute();
}
