import { describe, expect, it } from 'vitest';
import { accessKeys } from '../generated/access';
import type { AccessKey } from '../generated/access';
import { accessFromPermissions, isRouteAccessible } from './access';
import type { AccessGated } from './access';

function holding(...codes: string[]) {
  return accessFromPermissions(codes.map((code) => ({ code })));
}

function route(access: AccessKey | null, children: AccessGated[] = []): AccessGated {
  return { access, children };
}

describe('accessFromPermissions', () => {
  it('has every access key, true exactly for the held codes', () => {
    const access = holding('KEY.DEVICE', 'KEY.DEVICE.CAMERA');
    expect(Object.keys(access)).toEqual([...accessKeys]);
    expect(access['KEY.DEVICE']).toBe(true);
    expect(access['KEY.DEVICE.CAMERA']).toBe(true);
    expect(access['KEY.DEVICE.AISERVER']).toBe(false);
    expect(access['KEY.SYSTEM']).toBe(false);
  });

  it('ignores unknown codes', () => {
    const access = holding('KEY.UNKNOWN', 'admin');
    expect(Object.keys(access)).toEqual([...accessKeys]);
    expect(Object.values(access).every((held) => !held)).toBe(true);
  });

  it('grants nothing without permissions', () => {
    expect(Object.values(holding()).some(Boolean)).toBe(false);
  });
});

describe('isRouteAccessible', () => {
  const device = route('KEY.DEVICE', [route('KEY.DEVICE.AISERVER'), route('KEY.DEVICE.CAMERA')]);

  it('opens a route without an access key to everyone (home, login, personal)', () => {
    expect(isRouteAccessible(route(null), holding())).toBe(true);
  });

  it('closes a route whose key is not held', () => {
    expect(isRouteAccessible(route('KEY.MODEL'), holding('KEY.DEVICE'))).toBe(false);
    expect(isRouteAccessible(route('KEY.MODEL'), holding('KEY.MODEL'))).toBe(true);
  });

  it('closes a parent whose own key is missing even when children are held', () => {
    expect(isRouteAccessible(device, holding('KEY.DEVICE.CAMERA'))).toBe(false);
  });

  it('closes a parent when all its children are inaccessible', () => {
    expect(isRouteAccessible(device, holding('KEY.DEVICE'))).toBe(false);
  });

  it('opens a parent when some child is accessible', () => {
    expect(isRouteAccessible(device, holding('KEY.DEVICE', 'KEY.DEVICE.AISERVER'))).toBe(true);
  });

  it('applies the rule at every depth', () => {
    const nested = route(null, [route(null, [route('KEY.SYSTEM.LOG')])]);
    expect(isRouteAccessible(nested, holding())).toBe(false);
    expect(isRouteAccessible(nested, holding('KEY.SYSTEM.LOG'))).toBe(true);
  });
});
