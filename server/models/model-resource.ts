import { defineResource } from '../resources/declared-handlers';
import { jsonListField as jsonList } from '../resources/stored-fields';
import { deploymentsOfModels } from './model-deployments';
import { refuseDeletingModelsInUse } from './models-in-use';

/** The detection model resource: table models, item schema Model. Its file is a `files` row (fileId). */
export const modelResource = defineResource({
  schema: 'Model',
  fields: {
    classes: jsonList,
    description: { whenAbsent: '' },
  },
  unique: [['name', 'version']],
  computed: {
    fields: ['fileName', 'fileSize', 'fileSha256', 'deployedCount'],
    async load(db, ids) {
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
  },
  /** A model stays while AI servers run it or cameras' analysis tasks name it. */
  beforeDelete: (db, ids, { field }) => refuseDeletingModelsInUse(db, ids, field),
});
