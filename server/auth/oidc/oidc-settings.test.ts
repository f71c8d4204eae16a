import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../config';
import { settingMessages } from '../../test-support/setting-problems';

const keycloakEnv = {
  CFOP_OIDC_ISSUER: 'https://sso.example.com/realms/site',
  CFOP_OIDC_CLIENT_ID: 'cfop-console',
  CFOP_OIDC_CLIENT_SECRET: 'client-secret',
  CFOP_OIDC_REDIRECT_URI: 'https://console.example.com/cfop/login/oidc/callback',
};

describe('single sign-on settings (CFOP_OIDC_*)', () => {
  it('read a confidential client with the defaults', () => {
    expect(readServerConfig(keycloakEnv).oidc).toEqual({
      issuer: new URL('https://sso.example.com/realms/site'),
      clientId: 'cfop-console',
      clientSecret: 'client-secret',
      redirectUri: new URL('https://console.example.com/cfop/login/oidc/callback'),
      postLogoutRedirectUri: new URL('https://console.example.com/user/login'),
      providerName: 'sso.example.com',
      scopes: 'openid profile email',
      claims: { groups: 'groups', name: 'name', phone: 'phone_number', email: 'email' },
      refreshMs: 15 * 60_000,
      timeoutMs: 10_000,
      allowHttp: false,
    });
    expect(readServerConfig({}).oidc).toBeUndefined();
  });

  it('always ask for openid, and take a public client without a secret', () => {
    const oidc = readServerConfig({
      ...keycloakEnv,
      CFOP_OIDC_CLIENT_SECRET: '',
      CFOP_OIDC_SCOPES: 'profile groups',
      CFOP_OIDC_PROVIDER_NAME: '集团统一认证',
    }).oidc;
    expect(oidc).toMatchObject({
      clientSecret: undefined,
      scopes: 'openid profile groups',
      providerName: '集团统一认证',
    });
  });

  it('refuse plain http but on this host, a callback elsewhere than the console’s, and a missing client id', () => {
    expect(
      settingMessages({
        CFOP_OIDC_ISSUER: 'http://sso.example.com/realms/site',
        CFOP_OIDC_REDIRECT_URI: 'https://console.example.com/somewhere?next=x',
        CFOP_OIDC_POST_LOGOUT_REDIRECT_URI: 'javascript:alert(1)',
      }),
    ).toEqual({
      CFOP_OIDC_ISSUER: 'must be an https:// URL (http:// only on this host)',
      CFOP_OIDC_CLIENT_ID: 'must be the client id registered at the provider',
      CFOP_OIDC_REDIRECT_URI:
        "must be the console's public address with /cfop/login/oidc/callback, such as https://console.example.com/cfop/login/oidc/callback",
      CFOP_OIDC_POST_LOGOUT_REDIRECT_URI: 'must be an https:// URL (http:// only on this host)',
    });
    expect(
      readServerConfig({
        ...keycloakEnv,
        CFOP_OIDC_ISSUER: 'http://127.0.0.1:8080/realms/site',
        CFOP_OIDC_REDIRECT_URI: 'http://localhost:8000/cfop/login/oidc/callback',
      }).oidc?.allowHttp,
    ).toBe(true);
    expect(settingMessages({ CFOP_OIDC_CLIENT_ID: 'cfop-console' })).toEqual({
      CFOP_OIDC_CLIENT_ID: 'needs CFOP_OIDC_ISSUER as well',
    });
  });
});
