import { describe, expect, it } from 'vitest';
import { appSettings } from '../generated/settings';
import {
  guardRedirect,
  isLoginPage,
  loginRedirectFrom,
  safeRedirect,
  shouldFetchUserAtStart,
} from './navigation-rules';

const origin = 'http://console.example:8000';
const signedOut = { signedIn: false, initializing: false };

describe('isLoginPage', () => {
  it.each([
    ['/user/login', true],
    ['/user/login/', true],
    ['/user/loginx', false],
    ['/user', false],
    ['/home', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isLoginPage(pathname)).toBe(expected);
  });
});

describe('shouldFetchUserAtStart', () => {
  it('fetches with a stored token away from the login page', () => {
    expect(shouldFetchUserAtStart('token', '/home')).toBe(true);
  });

  it('does not fetch on the login page or without a token', () => {
    expect(shouldFetchUserAtStart('token', '/user/login')).toBe(false);
    expect(shouldFetchUserAtStart(null, '/home')).toBe(false);
    expect(shouldFetchUserAtStart('', '/home')).toBe(false);
  });
});

describe('loginRedirectFrom (logout and 401 target)', () => {
  it('carries the prior path and query in redirect', () => {
    const target = loginRedirectFrom({ pathname: '/system/user', search: '?page=2&q=a b' });
    expect(target).toBe('/user/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2%26q%3Da+b');
    expect(new URLSearchParams(target?.split('?')[1]).get('redirect')).toBe('/system/user?page=2&q=a b');
  });

  it('stays on the login page', () => {
    expect(loginRedirectFrom({ pathname: '/user/login', search: '?redirect=%2Fhome' })).toBeNull();
  });
});

describe('guardRedirect', () => {
  it('sends a visitor without a user to the login page with the page to come back to', () => {
    expect(guardRedirect(signedOut, { pathname: '/home', search: '' })).toBe('/user/login?redirect=%2Fhome');
    expect(guardRedirect(signedOut, { pathname: '/no/such/page', search: '' })).toBe(
      '/user/login?redirect=%2Fno%2Fsuch%2Fpage',
    );
  });

  it('lets a signed-in user stay', () => {
    expect(
      guardRedirect({ signedIn: true, initializing: false }, { pathname: '/home', search: '' }),
    ).toBeNull();
  });

  it('waits while the start-up fetch runs', () => {
    expect(
      guardRedirect({ signedIn: false, initializing: true }, { pathname: '/home', search: '' }),
    ).toBeNull();
  });

  it('never redirects away from the login page', () => {
    expect(guardRedirect(signedOut, { pathname: '/user/login', search: '' })).toBeNull();
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/system/user?page=2', '/system/user?page=2'],
    ['/monitor/video#wall', '/monitor/video#wall'],
    ['/home', '/home'],
  ])('accepts the same-origin path %s', (redirect, expected) => {
    expect(safeRedirect(redirect, origin)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.example/steal',
    '/\\evil.example',
    '/\t/evil.example',
    'http://evil.example/',
    `${origin}/model`,
    'javascript:alert(1)',
    'home',
    '/user/login?redirect=%2Fhome',
  ])('falls back to home for %s', (redirect) => {
    expect(safeRedirect(redirect, origin)).toBe(appSettings.homePath);
  });
});
