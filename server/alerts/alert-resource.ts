import type { ResourceDefinition } from '../resources/resource-definition';
import { resourceBinding } from '../resources/resource-operations';

/**
 * Alerts as a read-only resource (list, get, export, choices): table alerts, item schema Alert. Rows
 * are written by AI servers (alert-ingest.ts) and changed only by handling (alert-handling.ts).
 */
export const alertResource: ResourceDefinition = {
  plural: 'alerts',
  table: 'alerts',
  schema: 'Alert',
  fields: {
    id: { column: 'id' },
    revision: { column: 'revision' },
    aiServerId: { column: 'ai_server_id' },
    aiServerName: { column: 'ai_server_name' },
    cameraId: { column: 'camera_id' },
    cameraName: { column: 'camera_name' },
    area: { column: 'area' },
    taskId: { column: 'task_id' },
    taskName: { column: 'task_name' },
    modelId: { column: 'model_id' },
    modelName: { column: 'model_name' },
    label: { column: 'label' },
    level: { column: 'level' },
    confidence: { column: 'confidence' },
    boxes: { column: 'boxes', fromRow: (value) => JSON.parse(value as string) as unknown },
    snapshotId: { column: 'snapshot_file_id' },
    occurredAt: { column: 'occurred_at' },
    receivedAt: { column: 'received_at' },
    status: { column: 'status' },
    handledBy: { column: 'handled_by' },
    handledByName: { column: 'handled_by_name' },
    handledAt: { column: 'handled_at' },
    handlingNote: { column: 'handling_note' },
  },
  unique: [],
  labelField: 'label',
  // The wall's camera filter picks through the alert choices operation: an operator watching alerts
  // needs no camera key. The alert itself answers the camera's name as it was (cameraName).
  otherReferences: {
    cameraId: {
      table: 'cameras',
      what: { zh: '摄像头', en: 'camera' },
      labelColumn: 'name',
      label: 'cameraName',
    },
  },
};

export const alertOperationIds = {
  list: 'listAlerts',
  get: 'getAlert',
  export: 'exportAlerts',
  choices: 'listAlertChoices',
} as const;

/** The resource joined with the app's contract, for handlers that answer alerts as getAlert does. */
export const alertsIn = resourceBinding(alertResource, alertOperationIds);
