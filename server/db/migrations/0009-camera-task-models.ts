import type { Kysely } from 'kysely';

/**
 * An analysis task names the model it runs. Tasks written before this have none, and no model can
 * be guessed for them: inventing one would make a camera run a detector nobody chose, and deleting
 * the tasks would throw away regions and schedules an operator drew. So the column stays nullable
 * for those rows only: the API requires `modelId` on every create and update, answers old tasks
 * with `modelId: null`, and the console marks them until an operator picks their model. The key
 * restricts deletes: the service refuses to delete a model that tasks run, with a message naming
 * them; the key keeps that true for any other writer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('camera_tasks')
    .addColumn('model_id', 'integer', (c) => c.references('models.id').onDelete('restrict'))
    .execute();
  // Counting the tasks of the models being deleted.
  await db.schema.createIndex('camera_tasks_model_id').on('camera_tasks').columns(['model_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('camera_tasks_model_id').execute();
  await db.schema.alterTable('camera_tasks').dropColumn('model_id').execute();
}
