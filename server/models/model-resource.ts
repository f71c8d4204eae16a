import { ApiError } from '../http/api-error';
import type { ResourceDefinition } from '../resources/resource-definition';
import { deploymentsOfModels } from './model-deployments';

const jsonList = {
  fromRow: (value: unknown) => JSON.parse(String(value ?? '[]')) as unknown,
  toRow: (value: unknown) => JSON.stringify(value ?? []),
};

/** The detection model resource: table models, item schema Model. Its file is a `files` row (fileId). */
export const modelResource: ResourceDefinition = {
  plural: 'models',
  table: 'models',
  schema: 'Model',
  fields: {
    id: { column: 'id' },
    name: { column: 'name' },
    algorithm: { column: 'algorithm' },
    version: { column: 'version' },
    fileId: { column: 'file_id' },
    format: { column: 'format' },
    classes: { column: 'classes', ...jsonList },
    inputSize: { column: 'input_size' },
    targetHardware: { column: 'target_hardware' },
    description: { column: 'description', whenAbsent: '' },
    createdAt: { column: 'created_at' },
    updatedAt: { column: 'updated_at' },
  },
  unique: [['name', 'version']],
  labelField: 'name',
  async computed(db, ids) {
    if (ids.length === 0) return new Map();
    const files = await db
      .selectFrom('models')
      .innerJoin('files', 'files.id', 'models.file_id')
      .select(['models.id as id', 'files.name', 'files.size', 'files.sha256'])
      .where('models.id', 'in', [...ids])
      .execute();
    const deployed = await deploymentsOfModels(db, ids);
    const byId = new Map(files.map((file) => [file.id, file]));
    return new Map(
      ids.map((id) => {
        const file = byId.get(id);
        return [
          id,
          {
            fileName: file?.name ?? '',
            fileSize: file?.size ?? 0,
            fileSha256: file?.sha256 ?? '',
            deployedCount: deployed.get(id)?.length ?? 0,
          },
        ];
      }),
    );
  },
  /** A deployed model stays until it is withdrawn: its AI servers still run it. */
  async beforeDelete(db, ids) {
    const deployed = await deploymentsOfModels(db, ids);
    if (deployed.size === 0) return;
    const models = await db
      .selectFrom('models')
      .select(['id', 'name'])
      .where('id', 'in', [...deployed.keys()])
      .execute();
    const named = models.map((model) => {
      const servers = deployed.get(model.id) ?? [];
      return { model: `#${model.id} ${model.name}`, servers, count: servers.length };
    });
    throw new ApiError('400', {
      zh: `${named.map((n) => `模型 ${n.model} 已部署到 ${n.count} 台AI服务器（${n.servers.join('、')}）`).join('；')}，请先撤回部署再删除`,
      en: `${named.map((n) => `model ${n.model} is deployed to ${n.count} AI server(s) (${n.servers.join(', ')})`).join('; ')}; withdraw it before deleting`,
    });
  },
};
