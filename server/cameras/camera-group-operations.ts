import type { SomeOperationHandlers } from '../operations/operation-handler';
import { declaredOperations } from '../resources/declared-handlers';
import { cameraGroupResource } from './camera-group-resource';

/** The camera groups' CRUD and the cameras their form picks from, under the camera group key. */
export const cameraGroupOperations = {
  ...declaredOperations(cameraGroupResource, { choices: 'listCameraGroupChoices' }),
} satisfies SomeOperationHandlers;
