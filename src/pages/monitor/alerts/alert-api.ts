import { api, apiPath, call, fetchFileBlob, type CallOptions } from '../../../api';
import type { components, operations } from '../../../generated/openapi';
import type { Alert } from '../../../alerts-live/live-alert-store';

export type AlertHandling = components['schemas']['AlertHandling'];
export type AlertBulkHandling = components['schemas']['AlertBulkHandling'];
export type AlertFilters = NonNullable<operations['handleAlertsByFilter']['parameters']['query']>;

/** The alert calls beyond list and export (which go through the resource screens' resourceApi). */
export const alertApi = {
  get: (id: number, options?: CallOptions): Promise<Alert> =>
    call(api.GET('/alerts/{id}', { params: { path: { id } } }), options),
  handle: (id: number, body: AlertHandling, options?: CallOptions): Promise<Alert> =>
    call(api.POST('/alerts/{id}/handling', { params: { path: { id } }, body }), options),
  bulkHandle: (body: AlertBulkHandling, options?: CallOptions) =>
    call(api.POST('/alerts/bulk-handling', { body }), options),
  /** Every pending alert the list's filters select (`filters` as listAlerts takes them). */
  handleMatching: (filters: AlertFilters, body: AlertHandling, options?: CallOptions) =>
    call(api.POST('/alerts/handling-by-filter', { params: { query: filters }, body }), options),
  snapshot: (id: number) =>
    fetchFileBlob(apiPath('/files/alert-snapshots/{id}', { id }), { skipErrorHandler: true }),
};
