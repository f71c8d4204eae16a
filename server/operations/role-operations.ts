import { roleOperationIds, roleResource } from '../accounts/role-resource';
import { resourceOperations } from '../resources/resource-operations';
import type { OperationHandlers } from './operation-handler';

export const roleOperations: OperationHandlers = resourceOperations(roleResource, roleOperationIds);
