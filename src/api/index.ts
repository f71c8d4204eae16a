export { api, createApiClient } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export { call, callForBlob, configureRequestEffects } from './call';
export type { CallOptions, Envelope, RequestEffects } from './call';
export { BusinessError, RequestError, getFieldErrors } from './errors';
export type { RequestErrorKind } from './errors';
export { tokenStore } from './token-store';
export { toast, Toasts } from './toast';
