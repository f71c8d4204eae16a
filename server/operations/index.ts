import { aiServerOperations } from './ai-server-operations';
import { currentUserOperations } from './current-user-operations';
import { fileOperations } from './file-operations';
import { doorOperations } from './door-operations';
import type { OperationHandlers } from './operation-handler';
import { operationLogOperations } from './operation-log-operations';
import { signInOperations } from './sign-in-operations';

/** Every handler, keyed by the operationId of openapi.yaml it serves. */
export const operationHandlers: OperationHandlers = {
  ...signInOperations,
  ...currentUserOperations,
  ...aiServerOperations,
  ...operationLogOperations,
  ...fileOperations,
  ...doorOperations,
};
