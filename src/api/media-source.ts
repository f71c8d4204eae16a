import { appSettings } from '../generated/settings';
import { requestHeaders } from './request-headers';

/** The URL of a `/cfop` path, for a media player that fetches it itself (hls.js). */
export function apiUrl(path: string): string {
  return `${appSettings.apiBasePath}${path}`;
}

/**
 * Opens a media player's request (hls.js's `xhrSetup`) with every call's headers, so a playlist
 * and its segments are authorised as any other call is: the session header a `<video src>` could
 * not send, and which keeps tokens out of URLs and server logs.
 */
export function openWithApiHeaders(xhr: XMLHttpRequest, url: string): void {
  xhr.open('GET', url, true);
  requestHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
}
