import type { ComponentType } from 'react';
import type { RouteDef } from '../generated/routes';
import type { ModuleValue } from '../generated/settings';
import { CATCH_ALL_PATH } from './route-lookup';

/** A menu entry: a route with its icon drawn. */
export interface MenuItemDef extends Pick<
  RouteDef,
  'path' | 'name' | 'modules' | 'access' | 'hideInMenu' | 'layout'
> {
  readonly icon: ComponentType | null;
  readonly children: readonly MenuItemDef[];
}

/** The menu of a route tree: every route but the catch-all, with the icon its name gives. */
export function menuOf(
  routes: readonly RouteDef[],
  icons: Readonly<Record<string, ComponentType>>,
): MenuItemDef[] {
  return routes
    .filter((route) => route.path !== CATCH_ALL_PATH)
    .map((route) => ({
      path: route.path,
      name: route.name,
      icon: route.icon === null ? null : (icons[route.icon] ?? null),
      modules: route.modules,
      access: route.access,
      hideInMenu: route.hideInMenu,
      layout: route.layout,
      children: menuOf(route.children, icons),
    }));
}

type ModuleFilterFields = Pick<MenuItemDef, 'path' | 'hideInMenu' | 'layout' | 'modules'>;

/** The spec's module rule: entries outside the module system (root, hidden, layout-less) always pass. */
export function passesModuleFilter(entry: ModuleFilterFields, selectedModule: ModuleValue): boolean {
  return (
    entry.path === '/' || entry.hideInMenu || entry.layout === false || entry.modules.includes(selectedModule)
  );
}

/**
 * The menu as this user sees it in the selected module: the module rule first, then hidden
 * and inaccessible entries are dropped, level by level.
 */
export function visibleMenu(
  tree: readonly MenuItemDef[],
  selectedModule: ModuleValue,
  canOpen: (entry: MenuItemDef) => boolean,
): MenuItemDef[] {
  return tree
    .filter((entry) => passesModuleFilter(entry, selectedModule) && !entry.hideInMenu && canOpen(entry))
    .map((entry) => ({ ...entry, children: visibleMenu(entry.children, selectedModule, canOpen) }));
}

export interface MenuLeaf {
  readonly entry: MenuItemDef;
  /** The top-level group the leaf sits in (the leaf itself when it is top-level). */
  readonly group: MenuItemDef;
  /** The leaf's own icon, else its group's. */
  readonly icon: ComponentType | null;
}

/** Every screen (entry without children) of an already filtered menu, in menu order. */
export function menuLeaves(tree: readonly MenuItemDef[]): MenuLeaf[] {
  const collect = (entry: MenuItemDef, group: MenuItemDef): MenuLeaf[] =>
    entry.children.length === 0
      ? [{ entry, group, icon: entry.icon ?? group.icon }]
      : entry.children.flatMap((child) => collect(child, group));
  return tree.flatMap((entry) => collect(entry, entry));
}

/** The path of the menu entry to highlight: the deepest entry of the filtered menu on the route chain. */
export function selectedMenuPath(tree: readonly MenuItemDef[], chainPaths: readonly string[]): string | null {
  const menuPaths = new Set(flattenMenu(tree).map((entry) => entry.path));
  return chainPaths.findLast((path) => menuPaths.has(path)) ?? null;
}

/** The groups (entries with children) that must be open to show the entry at `path`. */
export function openMenuPaths(tree: readonly MenuItemDef[], path: string | null): string[] {
  if (path === null) return [];
  for (const entry of tree) {
    if (entry.path === path) return [];
    const below = openMenuPaths(entry.children, path);
    if (below.length > 0 || entry.children.some((child) => child.path === path))
      return [entry.path, ...below];
  }
  return [];
}

export function findMenuEntry(tree: readonly MenuItemDef[], path: string): MenuItemDef | undefined {
  return flattenMenu(tree).find((entry) => entry.path === path);
}

function flattenMenu(tree: readonly MenuItemDef[]): MenuItemDef[] {
  return tree.flatMap((entry) => [entry, ...flattenMenu(entry.children)]);
}
