import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

// An OpenID Connect provider run by a test on loopback: oidc-provider, the certified provider
// library, with its development sign-in form (any password; the name is the account) and people
// whose claims the test sets. Consent is taken as given, as a company's provider does for its own
// applications.

export interface ProviderPerson {
  readonly sub: string;
  readonly preferred_username: string;
  readonly name?: string;
  readonly email?: string;
  readonly phone_number?: string;
  groups: string[];
}

export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The people by the name typed into the provider's sign-in form; a test may change their groups. */
  readonly people: Map<string, ProviderPerson>;
  /**
   * Signs `login` in at the provider from its authorization URL, as a browser would, and answers
   * the address it sends the browser back to (the console's callback, with code and state).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  stop(): Promise<void>;
}

export const testClientId = 'cfop-console';
const testClientSecret = 'console-client-secret-for-tests';

export async function startOidcProvider(
  redirectUri: string,
  postLogoutRedirectUri: string,
): Promise<TestOidcProvider> {
  const people = new Map<string, ProviderPerson>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: testClientId,
        client_secret: testClientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    // As Keycloak does: a refresh token at every sign-in, without asking for offline access.
    issueRefreshToken: () => true,
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, RefreshToken: 3600 },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'groups'],
      email: ['email'],
      phone: ['phone_number'],
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, id) {
      const person = [...people.values()].find((one) => one.sub === id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ ...person }) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { session, client } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const known = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (known) return ctx.oidc.provider.Grant.find(known);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email phone');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();
  server.on('request', (request, response) => void handle(request, response));
  return {
    issuer,
    clientId: testClientId,
    clientSecret: testClientSecret,
    people,
    signIn: (authorizationUrl, login) => signInAtProvider(authorizationUrl, people.get(login)?.sub ?? login),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Follows the provider's redirects with its cookies, posting its sign-in form once, to the first address off the provider. */
async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    form = undefined;
    if (location === null) {
      // The development sign-in form: post the account's name to the same interaction.
      if (!url.pathname.startsWith('/interaction/')) {
        throw new Error(`the provider answered ${response.status} at ${url.href}: ${await response.text()}`);
      }
      await response.arrayBuffer();
      form = new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' });
      continue;
    }
    await response.arrayBuffer();
    url = new URL(location, url);
    if (url.origin !== origin) return url;
  }
  throw new Error('the provider sent the browser round in circles');
}
