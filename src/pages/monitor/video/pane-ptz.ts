import type { LiveCamera } from '../../../media/camera-tree';
import type { Access } from '../../../session/access';
import { moveCameraPtz } from '../../../generated/operation-access';

/**
 * Whether a pane offers its PTZ pad: the user holds the PTZ key (a video operator may hold it
 * without the camera screen's) and the pane's camera has an ONVIF address to be steered at.
 */
export function paneCanSteer(access: Access, camera: Pick<LiveCamera, 'ptz'> | undefined): boolean {
  return access[moveCameraPtz] && camera?.ptz === true;
}
