import type { components } from '../../src/generated/openapi';
import type { PlatformContext } from '../operations/platform-context';
import type { Db } from '../db/open-database';
import type { DeploymentStatus } from '../db/schema';
import { ApiError, badInput } from '../kernel/api-error';
import { notFound } from '../resources/resource-service';

/** For each of the models that is deployed anywhere: the names of its AI servers. */
export async function deploymentsOfModels(
  db: Db,
  modelIds: readonly number[],
): Promise<Map<number, string[]>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('model_deployments')
    .innerJoin('ai_servers', 'ai_servers.id', 'model_deployments.ai_server_id')
    .select(['model_deployments.model_id as modelId', 'ai_servers.name'])
    .where('model_deployments.model_id', 'in', [...modelIds])
    .orderBy('ai_servers.name')
    .execute();
  const found = new Map<number, string[]>();
  for (const row of rows) found.set(row.modelId, [...(found.get(row.modelId) ?? []), row.name]);
  return found;
}

/** The model's name (for the operation log), or a 404. */
export async function modelName(db: Db, modelId: number): Promise<string> {
  const model = await db.selectFrom('models').select('name').where('id', '=', modelId).executeTakeFirst();
  if (!model) throw notFound(modelId);
  return model.name;
}

/** Every AI server by name, with the model's deployment there. */
export async function listDeployments(
  db: Db,
  modelId: number,
): Promise<components['schemas']['ModelDeployment'][]> {
  await modelName(db, modelId);
  const rows = await db
    .selectFrom('ai_servers')
    .leftJoin('model_deployments', (join) =>
      join
        .onRef('model_deployments.ai_server_id', '=', 'ai_servers.id')
        .on('model_deployments.model_id', '=', modelId),
    )
    .select([
      'ai_servers.id as aiServerId',
      'ai_servers.name as aiServerName',
      'ai_servers.ip as aiServerIp',
      'ai_servers.status as aiServerStatus',
      'model_deployments.status',
      'model_deployments.message',
      'model_deployments.requested_at as requestedAt',
      'model_deployments.reported_at as reportedAt',
    ])
    .orderBy('ai_servers.name')
    .orderBy('ai_servers.id')
    .execute();
  return rows.map((row) => ({ ...row, status: row.status ?? null, message: row.message ?? '' }));
}

/** The names of the servers, in the order given; a 400 naming aiServerIds when any does not exist. */
async function serverNames(db: Db, serverIds: readonly number[]): Promise<string[]> {
  const rows = await db
    .selectFrom('ai_servers')
    .select(['id', 'name'])
    .where('id', 'in', [...serverIds])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.name]));
  const missing = serverIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw badInput([
      {
        field: 'aiServerIds',
        message: {
          zh: `AI服务器不存在（id ${missing.join('、')}）`,
          en: `no such AI server (id ${missing.join(', ')})`,
        },
      },
    ]);
  }
  return serverIds.map((id) => byId.get(id) as string);
}

/** Deploys (again) to each server: pending from now until it reports. Answers the names deployed to. */
export async function deploy(
  ctx: PlatformContext,
  modelId: number,
  serverIds: readonly number[],
): Promise<string[]> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await modelName(trx, modelId);
    const names = await serverNames(trx, serverIds);
    await trx
      .insertInto('model_deployments')
      .values(
        serverIds.map((id) => ({
          model_id: modelId,
          ai_server_id: id,
          status: 'pending' as const,
          message: '',
          requested_at: now,
          reported_at: null,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['model_id', 'ai_server_id'])
          .doUpdateSet({ status: 'pending', message: '', requested_at: now, reported_at: null }),
      )
      .execute();
    return names;
  });
}

/** Ends the model's deployment on each server (a server it is not deployed to is no error). */
export async function withdraw(
  ctx: PlatformContext,
  modelId: number,
  serverIds: readonly number[],
): Promise<string[]> {
  return ctx.db.transaction().execute(async (trx) => {
    await modelName(trx, modelId);
    const names = await serverNames(trx, serverIds);
    await trx
      .deleteFrom('model_deployments')
      .where('model_id', '=', modelId)
      .where('ai_server_id', 'in', [...serverIds])
      .execute();
    return names;
  });
}

const notDeployedHere = (modelId: number) =>
  new ApiError('404', {
    zh: `模型未部署到本AI服务器（id ${modelId}）`,
    en: `The model is not deployed to this AI server (id ${modelId})`,
  });

/** What the AI server sees of its deployments: enough to fetch each file and check it. */
function ingestQuery(db: Db, aiServerId: number) {
  return db
    .selectFrom('model_deployments')
    .innerJoin('models', 'models.id', 'model_deployments.model_id')
    .innerJoin('files', 'files.id', 'models.file_id')
    .select([
      'models.id as modelId',
      'models.name',
      'models.algorithm',
      'models.version',
      'models.format',
      'models.classes',
      'models.input_size as inputSize',
      'files.id as fileId',
      'files.name as fileName',
      'files.size as fileSize',
      'files.sha256 as fileSha256',
      'model_deployments.status',
      'model_deployments.requested_at as requestedAt',
      'model_deployments.reported_at as reportedAt',
    ])
    .where('model_deployments.ai_server_id', '=', aiServerId);
}

type IngestRow = Awaited<ReturnType<ReturnType<typeof ingestQuery>['execute']>>[number];

function ingestItem({ fileId: _fileId, classes, ...row }: IngestRow) {
  return { ...row, classes: JSON.parse(classes) as string[] };
}

export async function ingestDeployments(db: Db, aiServerId: number) {
  const rows = await ingestQuery(db, aiServerId).orderBy('models.name').orderBy('models.id').execute();
  return rows.map(ingestItem);
}

/** The deployment of one model on the AI server, with its file's id; a 404 when it is not deployed there. */
export async function ingestDeployment(db: Db, aiServerId: number, modelId: number) {
  const row = await ingestQuery(db, aiServerId).where('models.id', '=', modelId).executeTakeFirst();
  if (!row) throw notDeployedHere(modelId);
  return { fileId: row.fileId, item: ingestItem(row) };
}

/** Records what the AI server reports of its deployment of the model. */
export async function report(
  ctx: PlatformContext,
  aiServerId: number,
  modelId: number,
  status: Exclude<DeploymentStatus, 'pending'>,
  message: string,
) {
  const updated = await ctx.db
    .updateTable('model_deployments')
    .set({ status, message, reported_at: ctx.clock.now().toISOString() })
    .where('model_id', '=', modelId)
    .where('ai_server_id', '=', aiServerId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notDeployedHere(modelId);
  return (await ingestDeployment(ctx.db, aiServerId, modelId)).item;
}
