import { sql, type Kysely } from 'kysely';

/**
 * The operation log keeps what was done in words (the operation's summary in both languages) as it
 * read when the entry was written. Entries written before have only the operationId, which becomes
 * their text in both languages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['action_name_zh', 'action_name_en']) {
    await db.schema
      .alterTable('operation_logs')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await sql`update operation_logs set action_name_zh = action, action_name_en = action`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['action_name_zh', 'action_name_en']) {
    await db.schema.alterTable('operation_logs').dropColumn(column).execute();
  }
}
