import { roleOperationIds, roleResource } from './role-resource';
import { resourceOperations } from '../resources/resource-handlers';

export const roleOperations = resourceOperations(roleResource, roleOperationIds);
