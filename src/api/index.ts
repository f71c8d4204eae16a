// The read cache (query-client.ts, use-read.ts, object-urls.ts) is imported by its own path: this
// barrel loads with the sign-in page, which must not carry TanStack Query.
export { api, createApiClient } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export { call, configureRequestEffects } from './call';
export type { ApiAnswer, CallOptions, Envelope, RequestEffects } from './call';
export { BusinessError, RequestError, getFieldErrors } from './errors';
export type { RequestErrorKind } from './errors';
export { browserTimeZone } from './request-headers';
export { tokenStore } from './token-store';
export { preloadToasts, toast, Toasts } from './toast';
export { connection } from './connection';
export type { ConnectionStore } from './connection';
export { upload } from './upload';
export type { UploadOptions, UploadProgress } from './upload';
export { fetchFile, fetchFileBlob, type FetchedFile } from './file-blob';
export { apiPath } from './api-path';
export { apiUrl, openWithApiHeaders } from './media-source';
export { subscribeEvents } from './event-stream';
export type { StreamEvent, StreamStatus, Subscription } from './event-stream';
export { consoleEvents, createConsoleEvents } from './console-events';
export type { ConsoleEvents } from './console-events';
