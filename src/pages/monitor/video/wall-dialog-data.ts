import { api, call } from '../../../api';
import type { components } from '../../../generated/openapi';

export type VideoWall = components['schemas']['VideoWall'];
export type WallDialogKind = 'save' | 'list' | 'tour';

/** Where the saved walls are cached: the wall's dialog lists them, the screen opens the default. */
export const videoWallsKey = ['/video-walls'];
export const readVideoWalls = () => call(api.GET('/video-walls'));
