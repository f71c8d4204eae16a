import { appSettings } from '../generated/settings';

/** The session token, kept in localStorage under the spec's key. */
export const tokenStore = {
  get(): string | null {
    return localStorage.getItem(appSettings.tokenKey);
  },
  set(token: string): void {
    localStorage.setItem(appSettings.tokenKey, token);
  },
  clear(): void {
    localStorage.removeItem(appSettings.tokenKey);
  },
};
