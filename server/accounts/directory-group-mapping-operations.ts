import type { SomeOperationHandlers } from '../operations/operation-handler';
import { declaredOperations } from '../resources/declared-handlers';
import { directoryGroupMappingResource } from './directory-group-mapping-resource';

/** The directory group mappings' CRUD and the roles their form picks from, under their own key. */
export const directoryGroupMappingOperations = {
  ...declaredOperations(directoryGroupMappingResource, { choices: 'listDirectoryGroupMappingChoices' }),
} satisfies SomeOperationHandlers;
