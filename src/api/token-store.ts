import { appSettings } from '../generated/settings';

/**
 * The session token, kept in localStorage under the manifest's `tokenKey` (CFOP_TOKEN). The sign-in
 * page rendered at build time (src/pages/login/prerender.tsx) has no storage: nobody is signed in
 * there.
 */
export const tokenStore = {
  get(): string | null {
    return globalThis.localStorage?.getItem(appSettings.tokenKey) ?? null;
  },
  set(token: string): void {
    localStorage.setItem(appSettings.tokenKey, token);
  },
  clear(): void {
    localStorage.removeItem(appSettings.tokenKey);
  },
};
