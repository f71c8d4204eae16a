import { securityHeaders } from '../../src/generated/contract';
import { appSettings } from '../../src/generated/settings';

/** The headers of a benchmark's calls, named as openapi.yaml names them, with the session when given. */
/** The administrator every bench's server is started with and signs in as. */
export const benchAdmin = { username: 'admin', password: 'Bench-admin-2024' } as const;

export function benchHeaders(token?: string): Record<string, string> {
  return {
    [securityHeaders.clientType]: 'PC',
    [securityHeaders.clientHost]: 'bench.local',
    ...(token ? { [securityHeaders.sessionToken]: token } : {}),
  };
}

/** The console's API under a server's address (`http://127.0.0.1:port`). */
export const apiBaseOf = (server: string) => `${server}${appSettings.apiBasePath}`;

/**
 * One call to the console's API as a benchmark's setup makes it: POST `body` as JSON to `path` of
 * the server's API, with the session token when given; answers the envelope's data, or throws its
 * message.
 */
export async function consoleCall<T>(
  server: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${apiBaseOf(server)}${path}`, {
    method: 'POST',
    headers: { ...benchHeaders(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; msg: string; data: T };
  if (!answer.success) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** Signs in by password and answers the session token. */
export async function signInForBench(
  server: string,
  account: { readonly username: string; readonly password: string },
): Promise<string> {
  const { token } = await consoleCall<{ token: string }>(server, '/login/bypwd', account);
  return token;
}
