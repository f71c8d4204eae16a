import type { ResourceDefinition } from '../resources/resource-definition';
import { resourceBinding } from '../resources/resource-handlers';

/**
 * Alerts as a read-only resource (list, get, export, choices): table alerts, item schema Alert. Rows
 * are written by AI servers (alert-ingest.ts) and changed only by handling (alert-handling.ts).
 */
export const alertResource: ResourceDefinition = {
  schema: 'Alert',
  fields: {
    boxes: { fromRow: (value) => JSON.parse(value as string) as unknown },
    snapshotId: { column: 'snapshot_file_id' },
    // A system alert's title is in both languages; an AI label is the model's, the same in both.
    label: { byLang: { zh: 'label', en: 'label_en' } },
  },
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
