import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi';
import { appSettings } from '../generated/settings';
import { createRequestMiddleware } from './middleware';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Stands in for the network; tests pass a fake. */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** Only for tests: the product time-out is appSettings.requestTimeoutMs. */
  readonly timeoutMs?: number;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({ baseUrl: appSettings.apiBasePath, fetch: options.fetch });
  client.use(createRequestMiddleware(options.timeoutMs ?? appSettings.requestTimeoutMs));
  return client;
}

/** The one client of the console's `/cfop` calls. */
export const api: ApiClient = createApiClient();
