// Builders for the menu, route and shell unit tests: only the fields a test cares about need spelling out.
import type { MenuItemDef } from './menu-rules';
import type { RouteDef } from '../generated/routes';

const text = (zh: string) => ({ zh, en: `${zh} (en)` });

export function routeDef(path: string, fields: Partial<RouteDef> = {}): RouteDef {
  return {
    path,
    name: text(path),
    icon: null,
    modules: ['monitor'],
    access: null,
    hideInMenu: false,
    hideInBreadcrumb: false,
    layout: true,
    redirect: null,
    page: 'home/HomePage',
    resource: null,
    load: () => Promise.resolve({ default: () => null }),
    children: [],
    ...fields,
  };
}

export function menuItem(path: string, fields: Partial<MenuItemDef> = {}): MenuItemDef {
  return {
    path,
    name: text(path),
    icon: null,
    modules: ['monitor'],
    access: null,
    hideInMenu: false,
    layout: true,
    children: [],
    ...fields,
  };
}
