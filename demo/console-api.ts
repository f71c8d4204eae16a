import { securityHeaders } from '../src/generated/contract';
import type { Envelope } from '../src/generated/envelope';

/** The console's API as a signed-in operator calls it; a refusal throws with the server's message. */
export interface ConsoleApi {
  call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T>;
  upload<T>(path: string, fileName: string, bytes: Buffer, type?: string): Promise<T>;
}

async function unwrap<T>(what: string, response: Response): Promise<T> {
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${what}: ${envelope.msg}`);
  return envelope.data;
}

export async function signIn(consoleUrl: string, username: string, password: string): Promise<ConsoleApi> {
  const base = `${consoleUrl}/cfop`;
  const client = {
    [securityHeaders.clientType]: 'PC',
    [securityHeaders.clientHost]: new URL(consoleUrl).host,
  };
  const session = await unwrap<{ token: string }>(
    'sign-in',
    await fetch(`${base}/login/bypwd`, {
      method: 'POST',
      headers: { ...client, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    }),
  );
  const headers = { ...client, [securityHeaders.sessionToken]: session.token };
  return {
    async call(method, path, body) {
      const init: RequestInit = { method, headers };
      if (body !== undefined)
        Object.assign(init, {
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      return unwrap(`${method} ${path}`, await fetch(`${base}${path}`, init));
    },
    async upload(path, fileName, bytes, type = 'application/octet-stream') {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
      return unwrap(`upload ${path}`, await fetch(`${base}${path}`, { method: 'POST', headers, body: form }));
    },
  };
}
