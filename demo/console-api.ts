import createClient, { type Client } from 'openapi-fetch';
import { securityHeaders } from '../src/generated/contract';
import type { Envelope } from '../src/generated/envelope';
import type { paths } from '../src/generated/openapi';
import { appSettings } from '../src/generated/settings';

/** The console's API: openapi-fetch over openapi.yaml's `paths`, so paths, parameters and bodies are checked. */
export type ConsoleClient = Client<paths>;

/** The paths whose POST takes a multipart upload (one part `file`). */
type UploadPath = {
  [P in keyof paths]: paths[P] extends {
    post: { requestBody: { content: { 'multipart/form-data': unknown } } };
  }
    ? P
    : never;
}[keyof paths];

/** The `data` of the envelope an upload answers. */
type UploadData<P extends UploadPath> = paths[P] extends {
  post: { responses: { 200: { content: { 'application/json': { data: infer Data } } } } };
}
  ? Data
  : never;

/** The console's API as a signed-in operator calls it. */
export interface ConsoleApi {
  readonly client: ConsoleClient;
  /** The session's token, for a browser that signs in as the same operator. */
  readonly token: string;
  /**
   * Sends one file as the console's upload does. Not through openapi-fetch: the contract types an
   * upload's part as a string, and a Node Buffer is sent as a file only through FormData.
   */
  upload<P extends UploadPath>(
    path: P,
    fileName: string,
    bytes: Buffer,
    type?: string,
  ): Promise<UploadData<P>>;
}

/** What an openapi-fetch call resolves to: the success envelope, or the failure's body. */
interface Answer<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The envelope's `data` of a call that succeeded; a refusal throws with the server's message. */
export async function must<T extends { readonly data?: unknown }>(
  pending: Promise<Answer<T>>,
): Promise<Exclude<T['data'], undefined>> {
  const { data, error, response } = await pending;
  return dataOf((data ?? error) as Envelope<Exclude<T['data'], undefined>> | undefined, response);
}

function dataOf<T>(envelope: Envelope<T> | undefined, response: Response): T {
  if (envelope?.success) return envelope.data;
  const reason = envelope?.msg ?? `${response.status} ${response.statusText}`;
  throw new Error(`${new URL(response.url).pathname}: ${reason}`);
}

export async function signIn(consoleUrl: string, username: string, password: string): Promise<ConsoleApi> {
  const baseUrl = `${consoleUrl}${appSettings.apiBasePath}`;
  const client = {
    [securityHeaders.clientType]: 'PC',
    [securityHeaders.clientHost]: new URL(consoleUrl).host,
  };
  const anonymous = createClient<paths>({ baseUrl, headers: client });
  const session = await must(anonymous.POST('/login/bypwd', { body: { username, password } }));
  if (!('token' in session)) throw new Error(`${username}: the demo signs in without a second factor`);
  const headers = { ...client, [securityHeaders.sessionToken]: session.token };
  return {
    client: createClient<paths>({ baseUrl, headers }),
    token: session.token,
    async upload(path, fileName, bytes, type = 'application/octet-stream') {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
      const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: form });
      return dataOf((await response.json()) as Envelope<UploadData<typeof path>>, response);
    },
  };
}
