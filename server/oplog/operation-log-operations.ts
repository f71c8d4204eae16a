import { operationLogResource } from './operation-log-resource';
import { resourceOperations } from '../resources/resource-handlers';

/** Read-only: the log has no create, update or delete operation. Its GETs are not logged themselves. */
export const operationLogOperations = resourceOperations(operationLogResource, {
  list: 'listOperationLogs',
  get: 'getOperationLog',
  export: 'exportOperationLogs',
});
