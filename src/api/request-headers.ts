import { securityHeaders } from '../generated/contract';
import { localeStore } from '../i18n/locale-store';
import { tokenStore } from './token-store';

const clientType = 'PC';

/**
 * Spec §7's headers on every request: client type, host, the session token when one is stored,
 * and the UI language; `base` keeps the request's own.
 */
export function requestHeaders(base?: HeadersInit): Headers {
  const headers = new Headers(base);
  headers.set(securityHeaders.clientType, clientType);
  headers.set(securityHeaders.clientHost, location.host);
  const token = tokenStore.get();
  if (token) headers.set(securityHeaders.sessionToken, token);
  headers.set('Accept-Language', localeStore.get());
  return headers;
}
