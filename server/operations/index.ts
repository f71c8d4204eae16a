import { aiServerOperations } from './ai-server-operations';
import { alertOperations } from './alert-operations';
import { analysisOperations } from './analysis-operations';
import { cameraOperations } from './camera-operations';
import { currentUserOperations } from './current-user-operations';
import { fileOperations } from './file-operations';
import { modelOperations } from './model-operations';
import { doorOperations } from './door-operations';
import type { OperationHandlers } from './operation-handler';
import { operationLogOperations } from './operation-log-operations';
import { roleOperations } from './role-operations';
import { signInOperations } from './sign-in-operations';
import { userAdminOperations } from './user-admin-operations';
import { videoOperations } from './video-operations';

/** Every handler, keyed by the operationId of openapi.yaml it serves. */
export const operationHandlers: OperationHandlers = {
  ...signInOperations,
  ...currentUserOperations,
  ...aiServerOperations,
  ...cameraOperations,
  ...operationLogOperations,
  ...roleOperations,
  ...userAdminOperations,
  ...fileOperations,
  ...modelOperations,
  ...doorOperations,
  ...videoOperations,
  ...alertOperations,
  ...analysisOperations,
};
