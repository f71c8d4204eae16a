import type { ResourceDefinition } from '../resources/resource-definition';
import { countCameraTasks } from './camera-tasks';
import { refuseFullServer } from './server-channels';

/** The camera resource: table cameras, item schema Camera; its analysis tasks live in camera_tasks. */
export const cameraResource: ResourceDefinition = {
  plural: 'cameras',
  table: 'cameras',
  schema: 'Camera',
  fields: {
    id: { column: 'id' },
    name: { column: 'name' },
    code: { column: 'code' },
    area: { column: 'area', whenAbsent: '' },
    mainStreamUrl: { column: 'main_stream_url' },
    subStreamUrl: { column: 'sub_stream_url', whenAbsent: '' },
    vendor: { column: 'vendor' },
    ip: { column: 'ip' },
    aiServerId: { column: 'ai_server_id' },
    status: { column: 'status' },
    createdAt: { column: 'created_at' },
    updatedAt: { column: 'updated_at' },
  },
  unique: [['code']],
  labelField: 'name',
  async computed(db, ids) {
    const tasks = await countCameraTasks(db, ids);
    const servers = await db
      .selectFrom('cameras')
      .innerJoin('ai_servers', 'ai_servers.id', 'cameras.ai_server_id')
      .select(['cameras.id as cameraId', 'ai_servers.name'])
      .where('cameras.id', 'in', ids.length > 0 ? [...ids] : [0])
      .execute();
    const serverNames = new Map(servers.map((row) => [row.cameraId, row.name]));
    return new Map(
      ids.map((id) => [id, { taskCount: tasks.get(id) ?? 0, aiServerName: serverNames.get(id) ?? null }]),
    );
  },
  beforeWrite: refuseFullServer,
};
