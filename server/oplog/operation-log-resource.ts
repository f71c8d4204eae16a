import type { ResourceDefinition } from '../resources/resource-definition';

/**
 * The operation log as a read-only resource: table operation_logs, item schema OperationLog. Rows are
 * written by the request pipeline (./operation-log.ts), never through the API; `actionName` and `detail`
 * are read, searched and sorted in the caller's language.
 */
export const operationLogResource: ResourceDefinition = {
  schema: 'OperationLog',
  fields: {
    actionName: { byLang: { zh: 'action_name_zh', en: 'action_name_en' } },
    detail: { byLang: { zh: 'detail_zh', en: 'detail_en' } },
  },
  labelField: 'action',
};
