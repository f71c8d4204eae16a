import { describe, expect, it } from 'vitest';
import { routes } from '../generated/routes';
import { findRoute, findRouteChain, flattenRoutes } from './route-lookup';
import { routeDef } from './test-fixtures';

const tree = [
  routeDef('/'),
  routeDef('/g', { children: [routeDef('/g/a'), routeDef('/g/b', { children: [routeDef('/g/b/c')] })] }),
  routeDef('*'),
];

describe('findRouteChain', () => {
  it('returns the routes from the top down to the match', () => {
    expect(findRouteChain(tree, '/g/b/c').map((route) => route.path)).toEqual(['/g', '/g/b', '/g/b/c']);
    expect(findRouteChain(tree, '/g').map((route) => route.path)).toEqual(['/g']);
    expect(findRouteChain(tree, '/').map((route) => route.path)).toEqual(['/']);
  });

  it('ignores a trailing slash and letter case, as the router does', () => {
    expect(findRouteChain(tree, '/G/A/').map((route) => route.path)).toEqual(['/g', '/g/a']);
  });

  it('is empty for unknown paths and never matches the catch-all literally', () => {
    expect(findRouteChain(tree, '/nope')).toEqual([]);
    expect(findRouteChain(tree, '/g/a/more')).toEqual([]);
    expect(findRouteChain(tree, '*')).toEqual([]);
  });
});

describe('findRoute', () => {
  it('falls back to the catch-all route', () => {
    expect(findRoute(tree, '/g/a')?.path).toBe('/g/a');
    expect(findRoute(tree, '/nope')?.path).toBe('*');
    expect(findRoute([routeDef('/x')], '/nope')).toBeUndefined();
  });

  it('finds every generated route by its own path', () => {
    for (const route of flattenRoutes(routes).filter((r) => r.path !== '*')) {
      expect(findRoute(routes, route.path)).toBe(route);
    }
    expect(findRoute(routes, '/equipment/aiserver')?.name.zh).toBe('AI服务器');
    expect(findRoute(routes, '/no/such/page')?.page).toBe('exception/NotFoundPage');
  });
});

describe('flattenRoutes', () => {
  it('lists parents before their children in tree order', () => {
    expect(flattenRoutes(tree).map((route) => route.path)).toEqual([
      '/',
      '/g',
      '/g/a',
      '/g/b',
      '/g/b/c',
      '*',
    ]);
  });
});
