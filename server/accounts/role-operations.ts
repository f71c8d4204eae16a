import { roleOperationIds, roleResource } from './role-resource';
import { resourceOperations } from '../resources/resource-operations';

export const roleOperations = resourceOperations(roleResource, roleOperationIds);
