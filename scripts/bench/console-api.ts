/** What a benchmark's calls say of themselves, as the console's requests do (spec §7). */
export const benchClientHeaders = { 'x-client-type': 'PC', 'x-client-host': 'bench.local' };

/**
 * One call to the console's API as a benchmark's setup makes it: POST `body` as JSON to
 * `${apiBase}${path}` (apiBase ends in /cfop), with the session token when given; answers the
 * envelope's data, or throws its message.
 */
export async function consoleCall<T>(
  apiBase: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${apiBase}${path}`, {
    method: 'POST',
    headers: {
      ...benchClientHeaders,
      'content-type': 'application/json',
      ...(token ? { 'x-cfop-token': token } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; msg: string; data: T };
  if (!answer.success) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** Signs in by password and answers the session token. */
export async function signInForBench(
  apiBase: string,
  account: { readonly username: string; readonly password: string },
): Promise<string> {
  const { token } = await consoleCall<{ token: string }>(apiBase, '/login/bypwd', account);
  return token;
}
