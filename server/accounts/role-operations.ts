import { roleOperationIds, roleResource } from './role-resource';
import { resourceOperations } from '../resources/resource-operations';
import type { OperationHandlers } from '../operations/operation-handler';

export const roleOperations: OperationHandlers = resourceOperations(roleResource, roleOperationIds);
