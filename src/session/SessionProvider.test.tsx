// @vitest-environment happy-dom
import { App } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityHeaders } from '../generated/contract';
import type { SessionValue } from './SessionProvider';
import { scaled } from '../../test-support/test-timeouts';

const admin = {
  id: 1,
  userName: 'admin',
  name: '管理员',
  phone: null,
  roles: [],
  permissionInfos: [{ code: 'KEY.DEVICE' }, { code: 'KEY.DEVICE.CAMERA' }],
  lastLoginAt: null,
};

type Answer = () => Response | Promise<Response>;
const ok =
  (data: unknown): Answer =>
  () =>
    Response.json({ success: true, code: '0', msg: '', data });
const fail =
  (code: string, status: number): Answer =>
  () =>
    Response.json({ success: false, code, msg: `failed ${code}`, data: null }, { status });

// What the fake server answers, by "METHOD path"; the requests it saw.
let answers: Record<string, Answer>;
const seen: Request[] = [];

// The api singleton takes the global fetch when its module loads, so fetch is faked first.
beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const answer = answers[key];
    if (!answer) throw new TypeError(`Failed to fetch ${key}`);
    return answer();
  });
});

let root: Root | undefined;
let session: SessionValue | undefined;
let page = '';
const navigatedAway: string[] = [];
vi.mock('./leave-console', () => ({ leaveConsoleFor: (url: string) => navigatedAway.push(url) }));

async function start(url: string) {
  const { SessionProvider, useSession } = await import('./SessionProvider');
  function Probe() {
    session = useSession();
    const location = useLocation();
    page = location.pathname + location.search;
    return null;
  }
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <App>
        <MemoryRouter initialEntries={[url]}>
          <SessionProvider>
            <Probe />
          </SessionProvider>
        </MemoryRouter>
      </App>,
    ),
  );
}

function current(): SessionValue {
  if (!session) throw new Error('not rendered');
  return session;
}

beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
  answers = {};
  session = undefined;
});

afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

// A toast fetches antd's message code on first use; on a busy machine that takes a while.
const toastWait = { timeout: scaled(10_000) };

describe('start-up', () => {
  it('without a token has no user, fetches nothing and guards the page', async () => {
    await start('/system/user?page=2');
    expect(current().currentUser).toBeUndefined();
    expect(current().initializing).toBe(false);
    expect(seen).toHaveLength(0);
    expect(page).toBe('/user/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2');
  });

  it('with a token fetches the user, initializing meanwhile, and stays', async () => {
    localStorage.setItem('CFOP_TOKEN', 'tok');
    let release: () => void = () => undefined;
    answers['GET /cfop/user/info'] = () => new Promise((resolve) => (release = () => resolve(ok(admin)())));
    await start('/home');
    expect(current().initializing).toBe(true);
    expect(page).toBe('/home');
    await act(async () => release());
    await vi.waitFor(() => expect(current().initializing).toBe(false));
    expect(current().currentUser?.userName).toBe('admin');
    expect(seen[0]?.headers.get(securityHeaders.sessionToken)).toBe('tok');
    expect(page).toBe('/home');
    expect(current().selectedModule).toBe('monitor');
  });

  it('on the login page fetches nothing even with a token', async () => {
    localStorage.setItem('CFOP_TOKEN', 'tok');
    await start('/user/login');
    expect(seen).toHaveLength(0);
    expect(current().initializing).toBe(false);
    expect(page).toBe('/user/login');
  });

  it('goes to the login page when the fetch fails with no response, keeping the token', async () => {
    localStorage.setItem('CFOP_TOKEN', 'tok');
    await start('/model');
    await vi.waitFor(() => expect(page).toBe('/user/login?redirect=%2Fmodel'));
    expect(current().currentUser).toBeUndefined();
    expect(localStorage.getItem('CFOP_TOKEN')).toBe('tok');
    await vi.waitFor(() => expect(document.body.textContent).toContain('网络无响应，请重试'), toastWait);
  });

  it('on 401 says the login expired, drops the token and goes to the login page', async () => {
    localStorage.setItem('CFOP_TOKEN', 'stale');
    answers['GET /cfop/user/info'] = fail('401', 401);
    await start('/home?tab=1');
    await vi.waitFor(() => expect(page).toBe('/user/login?redirect=%2Fhome%3Ftab%3D1'));
    expect(localStorage.getItem('CFOP_TOKEN')).toBeNull();
    await vi.waitFor(() => expect(document.body.textContent).toContain('登陆已过期'), toastWait);
  });
});

describe('signed in', () => {
  async function signedInAt(url: string) {
    localStorage.setItem('CFOP_TOKEN', 'tok');
    answers['GET /cfop/user/info'] = ok(admin);
    await start(url);
    await vi.waitFor(() => expect(current().currentUser).toBeDefined());
  }

  it('derives access from the permissions', async () => {
    await signedInAt('/home');
    expect(current().access['KEY.DEVICE.CAMERA']).toBe(true);
    expect(current().access['KEY.SYSTEM']).toBe(false);
    const device = {
      access: 'KEY.DEVICE' as const,
      children: [{ access: 'KEY.DEVICE.CAMERA' as const, children: [] }],
    };
    expect(current().canOpen(device)).toBe(true);
    expect(current().canOpen({ access: 'KEY.SYSTEM', children: [] })).toBe(false);
  });

  it('logout revokes the session, forgets it and returns to login with the prior page', async () => {
    answers['POST /cfop/logout'] = ok(null);
    await signedInAt('/equipment/camera?id=7');
    await act(async () => current().logout());
    const revoke = seen.find((request) => request.url.endsWith('/cfop/logout'));
    expect(revoke?.headers.get(securityHeaders.sessionToken)).toBe('tok');
    expect(localStorage.getItem('CFOP_TOKEN')).toBeNull();
    expect(current().currentUser).toBeUndefined();
    expect(page).toBe('/user/login?redirect=%2Fequipment%2Fcamera%3Fid%3D7');
  });

  it('logout of a single sign-on user goes on to sign out at the provider', async () => {
    answers['POST /cfop/logout'] = ok({ endSessionUrl: 'https://sso.example.com/logout?client_id=cfop' });
    await signedInAt('/home');
    await act(async () => current().logout());
    expect(localStorage.getItem('CFOP_TOKEN')).toBeNull();
    expect(navigatedAway).toEqual(['https://sso.example.com/logout?client_id=cfop']);
  });

  it('logout ignores a failed revoke and shows no toast', async () => {
    answers['POST /cfop/logout'] = fail('500', 500);
    await signedInAt('/home');
    await act(async () => current().logout());
    expect(current().currentUser).toBeUndefined();
    expect(page).toBe('/user/login?redirect=%2Fhome');
    expect(document.body.textContent).not.toContain('failed 500');
  });

  it('selects a module', async () => {
    await signedInAt('/home');
    await act(async () => current().selectModule('monitor'));
    expect(current().selectedModule).toBe('monitor');
  });
});

describe('sign-in', () => {
  it('stores the token and fetches the user', async () => {
    answers['GET /cfop/user/info'] = ok(admin);
    await start('/user/login?redirect=%2Fhome');
    await act(async () => current().signIn({ token: 'fresh' }));
    expect(localStorage.getItem('CFOP_TOKEN')).toBe('fresh');
    expect(current().currentUser?.name).toBe('管理员');
    expect(seen[0]?.headers.get(securityHeaders.sessionToken)).toBe('fresh');
    expect(page).toBe('/user/login?redirect=%2Fhome');
  });

  it('drops the token and throws when the user cannot be fetched', async () => {
    answers['GET /cfop/user/info'] = fail('500', 500);
    await start('/user/login');
    await act(async () => {
      await expect(current().signIn({ token: 'fresh' })).rejects.toMatchObject({ code: '500' });
    });
    expect(localStorage.getItem('CFOP_TOKEN')).toBeNull();
    expect(current().currentUser).toBeUndefined();
  });
});
