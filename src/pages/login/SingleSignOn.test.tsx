// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecondFactorChallenge } from './use-sign-in';

const code = 'a'.repeat(64);
const admin = {
  id: 1,
  userName: 'erin',
  name: 'Erin',
  phone: null,
  roles: [],
  permissionInfos: [],
  lastLoginAt: null,
};
const ok = (data: unknown) => () => Response.json({ success: true, code: '0', msg: '', data });

// What the fake server answers, by "METHOD path"; the requests it saw.
let answers: Record<string, () => Response>;
const seen: Request[] = [];

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const answer = answers[key];
    if (!answer) throw new TypeError(`Failed to fetch ${key}`);
    return answer();
  });
});

let root: Root | undefined;
let page = '';
const challenges: SecondFactorChallenge[] = [];

async function start(url: string) {
  const { SessionProvider } = await import('../../session/SessionProvider');
  const { SingleSignOn } = await import('./SingleSignOn');
  const { LocaleProvider } = await import('../../i18n');
  function Probe() {
    const location = useLocation();
    page = location.pathname + location.search;
    return null;
  }
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <LocaleProvider>
        <MemoryRouter initialEntries={[url]}>
          <SessionProvider>
            <SingleSignOn onSecondFactor={(challenge) => challenges.push(challenge)} />
            <Probe />
          </SessionProvider>
        </MemoryRouter>
      </LocaleProvider>,
    ),
  );
}

const ssoLink = () => document.querySelector<HTMLAnchorElement>('a.cfop-login-sso');

beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
  challenges.length = 0;
  answers = {
    'GET /cfop/login/options': ok({
      singleSignOn: { providerName: 'Example SSO', startPath: '/cfop/login/oidc/start' },
    }),
  };
});

afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

describe('single sign-on on the login page', () => {
  it('links to the server’s start with the page to return to, when the server has a provider', async () => {
    await start('/user/login?redirect=%2Fmonitor%2Fai');
    await vi.waitFor(() => expect(ssoLink()).not.toBeNull());
    expect(ssoLink()?.getAttribute('href')).toBe('/cfop/login/oidc/start?redirect=%2Fmonitor%2Fai');
    expect(ssoLink()?.textContent).toBe('使用企业账号登录');
  });

  it('shows nothing without a provider', async () => {
    answers['GET /cfop/login/options'] = ok({ singleSignOn: null });
    await start('/user/login');
    await vi.waitFor(() => expect(seen.map((request) => request.url)).toHaveLength(1));
    expect(ssoLink()).toBeNull();
  });

  it('trades the handoff code once for a session, and goes where the sign-in began', async () => {
    answers['POST /cfop/login/sso'] = ok({ token: 'b'.repeat(64), expiresAt: '2030-01-01T00:00:00.000Z' });
    answers['GET /cfop/user/info'] = ok(admin);
    await start(`/user/login?sso=${code}&redirect=%2Fmonitor%2Fai`);
    await vi.waitFor(() => expect(page).toBe('/monitor/ai'));
    const trades = seen.filter((request) => request.url.endsWith('/cfop/login/sso'));
    expect(trades).toHaveLength(1);
    expect(await trades[0]?.json()).toEqual({ code });
    expect(localStorage.getItem('CFOP_TOKEN')).toBe('b'.repeat(64));
  });

  it('hands a second step wanted to the card', async () => {
    const challenge = {
      secondFactor: 'code',
      pendingToken: 'c'.repeat(64),
      expiresAt: '2030-01-01T00:00:00.000Z',
    };
    answers['POST /cfop/login/sso'] = ok(challenge);
    await start(`/user/login?sso=${code}`);
    await vi.waitFor(() => expect(challenges).toEqual([challenge]));
    expect(page).toBe('/user/login');
  });
});
