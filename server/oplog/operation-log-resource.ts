import type { ResourceDefinition } from '../resources/resource-definition';

/**
 * The operation log as a read-only resource: table operation_logs, item schema OperationLog. Rows are
 * written by the request pipeline (./operation-log.ts), never through the API; `actionName` and `detail`
 * are read, searched and sorted in the caller's language.
 */
export const operationLogResource: ResourceDefinition = {
  plural: 'operation-logs',
  table: 'operation_logs',
  schema: 'OperationLog',
  fields: {
    id: { column: 'id' },
    time: { column: 'time' },
    userId: { column: 'user_id' },
    username: { column: 'username' },
    ip: { column: 'ip' },
    area: { column: 'area' },
    action: { column: 'action' },
    actionName: { column: 'action_name_zh', byLang: { zh: 'action_name_zh', en: 'action_name_en' } },
    target: { column: 'target' },
    result: { column: 'result' },
    code: { column: 'code' },
    detail: { column: 'detail_zh', byLang: { zh: 'detail_zh', en: 'detail_en' } },
  },
  unique: [],
  labelField: 'action',
};
