import { securityHeaders, timeZoneHeader } from '../generated/contract';
import { localeStore } from '../i18n/locale-store';
import { tokenStore } from './token-store';

const clientType = 'PC';

/** The browser's IANA time zone, by which the operator reads hours and days. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The headers of every request (docs/architecture.md, fixed rules): client type, host, the session
 * token when one is stored, the UI language, and the time zone the server writes times for people in
 * (exports); `base` keeps the request's own.
 */
export function requestHeaders(base?: HeadersInit): Headers {
  const headers = new Headers(base);
  headers.set(securityHeaders.clientType, clientType);
  headers.set(securityHeaders.clientHost, location.host);
  const token = tokenStore.get();
  if (token) headers.set(securityHeaders.sessionToken, token);
  headers.set('Accept-Language', localeStore.get());
  headers.set(timeZoneHeader, browserTimeZone());
  return headers;
}
