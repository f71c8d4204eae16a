import { describe, expect, it } from 'vitest';
import { menuTree } from './menu-tree';
import type { MenuItemDef } from './menu-rules';
import {
  findMenuEntry,
  menuLeaves,
  menuOf,
  openMenuPaths,
  passesModuleFilter,
  selectedMenuPath,
  visibleMenu,
} from './menu-rules';
import { menuItem, routeDef } from './test-fixtures';

const everyone = () => true;
const paths = (tree: readonly MenuItemDef[]): string[] =>
  tree.flatMap((entry) => [entry.path, ...paths(entry.children)]);
// A module value the fixtures' entries do not list, to see the rule's exceptions at work.
const otherModule = 'other' as MenuItemDef['modules'][number];

describe('passesModuleFilter', () => {
  it('passes entries of the selected module and drops the others', () => {
    expect(passesModuleFilter(menuItem('/a'), 'monitor')).toBe(true);
    expect(passesModuleFilter(menuItem('/a'), otherModule)).toBe(false);
    expect(passesModuleFilter(menuItem('/a', { modules: [] }), 'monitor')).toBe(false);
  });

  it('always passes the root, hidden entries and layout-less entries', () => {
    expect(passesModuleFilter(menuItem('/', { modules: [] }), otherModule)).toBe(true);
    expect(passesModuleFilter(menuItem('/h', { modules: [], hideInMenu: true }), otherModule)).toBe(true);
    expect(passesModuleFilter(menuItem('/l', { modules: [], layout: false }), otherModule)).toBe(true);
  });
});

describe('visibleMenu', () => {
  const tree = [
    menuItem('/home', { hideInMenu: true }),
    menuItem('/bare', { layout: false, modules: [] }),
    menuItem('/g', {
      access: 'KEY.DEVICE',
      children: [
        menuItem('/g/a', { access: 'KEY.DEVICE.AISERVER' }),
        menuItem('/g/b', { access: 'KEY.DEVICE.CAMERA' }),
        menuItem('/g/hidden', { hideInMenu: true }),
      ],
    }),
    menuItem('/elsewhere', { modules: [] }),
  ];

  it('drops hidden entries and entries of other modules, keeps layout-less ones', () => {
    expect(paths(visibleMenu(tree, 'monitor', everyone))).toEqual(['/bare', '/g', '/g/a', '/g/b']);
  });

  it('drops entries the user cannot open, at every level', () => {
    const canOpen = (entry: MenuItemDef) => entry.access !== 'KEY.DEVICE.CAMERA';
    expect(paths(visibleMenu(tree, 'monitor', canOpen))).toEqual(['/bare', '/g', '/g/a']);
    expect(paths(visibleMenu(tree, 'monitor', (entry) => entry.access !== 'KEY.DEVICE'))).toEqual(['/bare']);
  });

  it('shows every group of the generated menu to a user who may open everything', () => {
    const tops = visibleMenu(menuTree, 'monitor', everyone).map((entry) => entry.path);
    expect(tops).toEqual(['/equipment', '/model', '/door', '/monitor', '/data', '/system']);
  });
});

describe('menuLeaves', () => {
  it('lists the screens with the icon of their group unless they have their own', () => {
    const GroupIcon = () => null;
    const OwnIcon = () => null;
    const tree = [
      menuItem('/g', { icon: GroupIcon, children: [menuItem('/g/a'), menuItem('/g/b', { icon: OwnIcon })] }),
      menuItem('/solo', { icon: OwnIcon }),
      menuItem('/plain'),
    ];
    expect(menuLeaves(tree).map((leaf) => [leaf.entry.path, leaf.group.path, leaf.icon])).toEqual([
      ['/g/a', '/g', GroupIcon],
      ['/g/b', '/g', OwnIcon],
      ['/solo', '/solo', OwnIcon],
      ['/plain', '/plain', null],
    ]);
  });
});

describe('selectedMenuPath and openMenuPaths', () => {
  const tree = [
    menuItem('/g', { children: [menuItem('/g/a'), menuItem('/g/n', { children: [menuItem('/g/n/x')] })] }),
    menuItem('/solo'),
  ];

  it('selects the deepest entry of the route chain that the menu shows', () => {
    expect(selectedMenuPath(tree, ['/g', '/g/a'])).toBe('/g/a');
    expect(selectedMenuPath(tree, ['/g', '/g/a', '/g/a/detail'])).toBe('/g/a');
    expect(selectedMenuPath(tree, ['/home'])).toBeNull();
  });

  it('opens every group above the selected entry', () => {
    expect(openMenuPaths(tree, '/g/a')).toEqual(['/g']);
    expect(openMenuPaths(tree, '/g/n/x')).toEqual(['/g', '/g/n']);
    expect(openMenuPaths(tree, '/g')).toEqual([]);
    expect(openMenuPaths(tree, '/solo')).toEqual([]);
    expect(openMenuPaths(tree, null)).toEqual([]);
  });
});

describe('findMenuEntry', () => {
  it('finds an entry at any depth, or nothing', () => {
    const tree = [menuItem('/g', { children: [menuItem('/g/a')] })];
    expect(findMenuEntry(tree, '/g/a')?.path).toBe('/g/a');
    expect(findMenuEntry(tree, '/g')?.children).toHaveLength(1);
    expect(findMenuEntry(tree, '/x')).toBeUndefined();
  });
});

describe('menuOf', () => {
  it('is the route tree without the catch-all, each icon name drawn by its component', () => {
    const Apartment = () => null;
    const routes = [
      routeDef('/a', {
        icon: 'apartment',
        children: [routeDef('/a/b', { icon: 'unknown', hideInBreadcrumb: true })],
      }),
      routeDef('*'),
    ];
    expect(menuOf(routes, { apartment: Apartment })).toEqual([
      menuItem('/a', { icon: Apartment, children: [menuItem('/a/b')] }),
    ]);
  });
});
