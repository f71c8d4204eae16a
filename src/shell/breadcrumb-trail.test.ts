import { describe, expect, it } from 'vitest';
import { routes } from '../generated/routes';
import { breadcrumbTrail } from './breadcrumb-trail';
import { findRouteChain } from '../session/route-lookup';
import { routeDef } from '../session/test-fixtures';

describe('breadcrumbTrail', () => {
  it('links every level above the current page and leaves the current page as text', () => {
    const trail = breadcrumbTrail([routeDef('/g'), routeDef('/g/a'), routeDef('/g/a/b')]);
    expect(trail.map((crumb) => [crumb.path, crumb.linked])).toEqual([
      ['/g', true],
      ['/g/a', true],
      ['/g/a/b', false],
    ]);
  });

  it('leaves out routes hidden from the breadcrumb', () => {
    const trail = breadcrumbTrail([routeDef('/g', { hideInBreadcrumb: true }), routeDef('/g/a')]);
    expect(trail.map((crumb) => [crumb.path, crumb.linked])).toEqual([['/g/a', false]]);
  });

  it('does not link a level that has no page of its own', () => {
    const trail = breadcrumbTrail([routeDef('/g', { load: null }), routeDef('/g/a')]);
    expect(trail.map((crumb) => crumb.linked)).toEqual([false, false]);
  });

  it('follows the generated routes', () => {
    const trail = breadcrumbTrail(findRouteChain(routes, '/equipment/aiserver'));
    expect(trail.map((crumb) => crumb.name.zh)).toEqual(['设备管理', 'AI服务器']);
    expect(breadcrumbTrail(findRouteChain(routes, '/home'))).toEqual([]);
  });
});
