import { defineResource } from '../resources/declared-handlers';

/**
 * 摄像头分组 / Camera groups: table camera_groups, item schema CameraGroup; its cameras in the link
 * table camera_group_cameras, so a camera may be in several groups and a deleted camera leaves them.
 */
export const cameraGroupResource = defineResource({
  schema: 'CameraGroup',
  links: {
    cameraIds: {
      table: 'camera_group_cameras',
      ownerColumn: 'group_id',
      valueColumn: 'camera_id',
      references: {
        table: 'cameras',
        labelColumn: 'name',
        label: 'cameraNames',
        what: { zh: '摄像头', en: 'camera' },
      },
    },
  },
});
