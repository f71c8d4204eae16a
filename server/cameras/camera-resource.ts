import { bytesByCamera } from '../recording/segment-index';
import type { ResourceDefinition } from '../resources/resource-definition';
import type { CamerasDeleting } from './cameras-context';
import { countCameraTasks, taskModelReference } from './camera-tasks';
import { fullServerProblems } from './server-channels';
import { maskSecret, maskStreamPassword } from '../streams/stream-credentials';

const definitions = new WeakMap<CamerasDeleting, ResourceDefinition>();

/**
 * The camera resource: table cameras, item schema Camera; its analysis tasks live in camera_tasks.
 * One definition per hook, so the cameras' and the ONVIF import's handlers bind the same resource.
 */
export function cameraResourceOf(camerasDeleting: CamerasDeleting): ResourceDefinition {
  let definition = definitions.get(camerasDeleting);
  if (!definition) {
    definition = cameraResource(camerasDeleting);
    definitions.set(camerasDeleting, definition);
  }
  return definition;
}

const cameraResource = (camerasDeleting: CamerasDeleting): ResourceDefinition => ({
  schema: 'Camera',
  fields: {
    area: { whenAbsent: '' },
    model: { whenAbsent: '' },
    // Kept whole for ffmpeg; every answer (CSV and log included) shows the password masked.
    mainStreamUrl: { shown: maskStreamPassword },
    subStreamUrl: { whenAbsent: '', shown: maskStreamPassword },
    recordingMode: { whenAbsent: 'off' },
    onvifXaddr: { whenAbsent: '' },
    onvifUsername: { whenAbsent: '' },
    // Kept for the device; never answered, exported nor logged: the mask says one is set.
    onvifPassword: { whenAbsent: '', shown: maskSecret },
  },
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
  computed: {
    fields: ['taskCount', 'recordingMb'],
    async load(db, ids) {
      const [tasks, recorded] = await Promise.all([countCameraTasks(db, ids), bytesByCamera(db, ids)]);
      return new Map(
        ids.map((id) => [
          id,
          { taskCount: tasks.get(id) ?? 0, recordingMb: Math.round((recorded.get(id) ?? 0) / 1e5) / 10 },
        ]),
      );
    },
  },
  checkWrite: fullServerProblems,
  // Their alerts stay, with no camera: so do their counts on the dashboard.
  beforeDelete: (db, ids) => camerasDeleting(db, ids),
});
