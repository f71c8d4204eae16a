import type { ResourceDefinition } from '../resources/resource-definition';
import { countCameraTasks, taskModelReference } from './camera-tasks';
import { fullServerProblems } from './server-channels';
import { maskStreamPassword } from './stream-credentials';

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
    // Kept whole for ffmpeg; every answer (CSV and log included) shows the password masked.
    mainStreamUrl: { column: 'main_stream_url', shown: maskStreamPassword },
    subStreamUrl: { column: 'sub_stream_url', whenAbsent: '', shown: maskStreamPassword },
    vendor: { column: 'vendor' },
    ip: { column: 'ip' },
    aiServerId: { column: 'ai_server_id' },
    status: { column: 'status' },
    createdAt: { column: 'created_at' },
    updatedAt: { column: 'updated_at' },
  },
  unique: [['code']],
  labelField: 'name',
  references: {
    aiServerId: {
      table: 'ai_servers',
      what: { zh: 'AI服务器', en: 'AI server' },
      labelColumn: 'name',
      label: 'aiServerName',
    },
  },
  // The task editor's model select picks through the camera's choices operation.
  otherReferences: { modelId: taskModelReference },
  async computed(db, ids) {
    const tasks = await countCameraTasks(db, ids);
    return new Map(ids.map((id) => [id, { taskCount: tasks.get(id) ?? 0 }]));
  },
  checkWrite: fullServerProblems,
};
