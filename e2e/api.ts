import type { Page } from 'playwright-core';
import { securityHeaders } from '../src/generated/contract';
import { storedToken, tokenKey } from './screen';

export async function signedInToken(page: Page): Promise<string> {
  const token = await storedToken(page);
  if (token === null) throw new Error(`no ${tokenKey} in localStorage after signing in`);
  return token;
}

/** The headers every call carries, with the session token. */
export function apiHeaders(page: Page, token: string): Record<string, string> {
  return {
    [securityHeaders.clientType]: 'PC',
    [securityHeaders.clientHost]: new URL(page.url()).host,
    [securityHeaders.sessionToken]: token,
  };
}

/** Calls the API outside the console, as another program holding the token would. */
export async function callApi(page: Page, method: 'GET' | 'POST', path: string, token: string) {
  const response = await page.request.fetch(`/cfop${path}`, { method, headers: apiHeaders(page, token) });
  return {
    status: response.status(),
    envelope: (await response.json()) as { success: boolean; code: string },
  };
}
