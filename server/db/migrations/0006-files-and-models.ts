import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('files')
    .addColumn('id', 'integer', t.identity)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', t.bytes, (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  // Cameras' analysis tasks refer to models by integer id and show their name.
  await db.schema
    .createTable('models')
    .addColumn('id', 'integer', t.identity)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('classes', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('input_size', 'text', (c) => c.notNull())
    .addColumn('target_hardware', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('models_name_version', ['name', 'version'])
    .execute();
  // One index per sortable column of listModels, so a sorted page never sorts the whole table.
  for (const column of ['algorithm', 'version', 'created_at', 'updated_at']) {
    await db.schema.createIndex(`models_${column}`).on('models').columns([column, 'id']).execute();
  }

  // A model's deployment to one AI server; a withdrawn one is deleted. Deleting the AI server ends it.
  await db.schema
    .createTable('model_deployments')
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id'))
    .addColumn('ai_server_id', 'integer', (c) => c.notNull().references('ai_servers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'downloading', 'deployed', 'failed')`),
    )
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('requested_at', t.timestamp, (c) => c.notNull())
    .addColumn('reported_at', t.timestamp)
    .addPrimaryKeyConstraint('model_deployments_pk', ['model_id', 'ai_server_id'])
    .execute();
  await db.schema
    .createIndex('model_deployments_ai_server')
    .on('model_deployments')
    .columns(['ai_server_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_deployments').execute();
  await db.schema.dropTable('models').execute();
  await db.schema.dropTable('files').execute();
}
