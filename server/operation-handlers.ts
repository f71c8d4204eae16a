import { aiServerOperations } from './aiservers/ai-server-operations';
import { alertOperations } from './alerts/alert-operations';
import { analysisOperations } from './analysis/analysis-operations';
import { cameraOperationsOf } from './cameras/camera-operations';
import { forgetCamerasInRollups } from './analysis/alert-rollups';
import { currentUserOperations } from './accounts/current-user-operations';
import { fileOperations } from './files/file-operations';
import { modelOperations } from './models/model-operations';
import { doorOperations } from './door/door-operations';
import type { AppContext } from './app-context';
import type { OperationHandlers } from './operations/operation-handler';
import { plainResourceOperations } from './resources/declared-handlers';
import { operationLogOperations } from './oplog/operation-log-operations';
import { roleOperations } from './accounts/role-operations';
import { signInOperations } from './auth/sign-in-operations';
import { smsSignInOperations } from './sms/sms-sign-in-operations';
import { userAdminOperations } from './accounts/user-admin-operations';
import { videoOperations } from './live/video-operations';
import { notifyOperations } from './notify/notify-operations';
import { eventOperations } from './events/event-operations';
import { recordingOperations } from './recording/recording-operations';

const handWritten = {
  ...signInOperations,
  ...smsSignInOperations,
  ...currentUserOperations,
  ...aiServerOperations,
  ...cameraOperationsOf(forgetCamerasInRollups),
  ...operationLogOperations,
  ...roleOperations,
  ...userAdminOperations,
  ...fileOperations,
  ...modelOperations,
  ...doorOperations,
  ...videoOperations,
  ...alertOperations,
  ...analysisOperations,
  ...notifyOperations,
  ...eventOperations,
  ...recordingOperations,
};

/**
 * Every handler, keyed by the operationId of openapi.yaml it serves: the hand-written ones, and the
 * generic ones of each resource declared with x-resource that has none of its own.
 */
export const operationHandlers: OperationHandlers<AppContext> = {
  ...plainResourceOperations(handWritten),
  ...handWritten,
};
