import AimOutlined from '@ant-design/icons/AimOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import FieldNumberOutlined from '@ant-design/icons/FieldNumberOutlined';
import MonitorOutlined from '@ant-design/icons/MonitorOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { describe, expect, it } from 'vitest';
import manifest from '../../manifest/console.json';
import { accessKeys } from '../generated/access';
import type { MenuItemDef } from '../session/menu-rules';
import { menuTree } from '../session/menu-tree';
import { routes } from '../generated/routes';
import { appSettings, modules } from '../generated/settings';
import { flattenRoutes } from '../session/route-lookup';

interface SpecRoute {
  readonly path: string;
  readonly access: string | null;
  readonly icon: string | null;
  readonly inMenu: boolean;
  readonly inBreadcrumb: boolean;
  readonly layout: boolean;
}

/** A screen or group of the menu: shown in menu and breadcrumb, inside the layout. */
const area = (path: string, access: string, icon: string | null = null): SpecRoute => ({
  path,
  access,
  icon,
  inMenu: true,
  inBreadcrumb: true,
  layout: true,
});
/** A page with no access key, hidden from menu and breadcrumb. */
const hidden = (path: string, layout = true): SpecRoute => ({
  path,
  access: null,
  icon: null,
  inMenu: false,
  inBreadcrumb: false,
  layout,
});

// The console's fixed route table (docs/architecture.md), each area's access key and menu icon, row by row.
const specRoutes: readonly SpecRoute[] = [
  hidden('/home'),
  hidden('/user/login', false),
  hidden('/user/personal'),
  area('/equipment', 'KEY.DEVICE', 'apartment'),
  area('/equipment/aiserver', 'KEY.DEVICE.AISERVER'),
  area('/equipment/camera', 'KEY.DEVICE.CAMERA'),
  area('/model', 'KEY.MODEL', 'aim'),
  area('/door', 'KEY.ACCESS', 'field-number'),
  area('/door/staff', 'KEY.ACCESS.EMPLOYEE'),
  area('/door/visitor', 'KEY.ACCESS.VISITOR'),
  area('/door/vehicle', 'KEY.ACCESS.CAR'),
  area('/monitor', 'KEY.CENTER', 'monitor'),
  area('/monitor/video', 'KEY.CENTER.VIDEO'),
  area('/monitor/ai', 'KEY.CENTER.AIWARN'),
  area('/data', 'KEY.ANALYSIS', 'database'),
  area('/data/operations', 'KEY.ANALYSIS'),
  area('/system', 'KEY.SYSTEM', 'setting'),
  area('/system/role', 'KEY.SYSTEM.ROLE'),
  area('/system/user', 'KEY.SYSTEM.USER'),
  area('/system/logs', 'KEY.SYSTEM.LOG'),
];

const groupPaths = ['/equipment', '/door', '/monitor', '/data', '/system'];

/** A manifest route as console.schema.json allows it: what the generated table must say. */
interface ManifestRoute {
  readonly path: string;
  readonly icon?: string;
  readonly modules?: readonly string[];
  readonly access?: string;
  readonly hideInMenu?: boolean;
  readonly hideInBreadcrumb?: boolean;
  readonly layout?: boolean;
  readonly redirect?: string;
  readonly page?: string;
  readonly resource?: string;
  readonly children?: readonly ManifestRoute[];
}

function flattenManifest(tree: readonly ManifestRoute[]): ManifestRoute[] {
  return tree.flatMap((entry) => [entry, ...flattenManifest(entry.children ?? [])]);
}

// Routes a maintainer adds are checked against their manifest entries; the fixed ones stay pinned above.
const manifestRoutes = flattenManifest(manifest.routes);

const byPath = new Map(flattenRoutes(routes).map((route) => [route.path, route]));

function route(path: string) {
  const found = byPath.get(path);
  if (!found) throw new Error(`no generated route ${path}`);
  return found;
}

function flattenMenu(tree: readonly MenuItemDef[]): MenuItemDef[] {
  return tree.flatMap((entry) => [entry, ...flattenMenu(entry.children)]);
}

describe('the generated route table', () => {
  it('has exactly the paths of the manifest, in its order', () => {
    expect([...byPath.keys()]).toEqual(manifestRoutes.map((entry) => entry.path));
  });

  it('has the fixed paths, the root redirect and the catch-all', () => {
    expect([...byPath.keys()]).toEqual(
      expect.arrayContaining(['/', '*', ...specRoutes.map((row) => row.path)]),
    );
  });

  it.each(manifestRoutes)('$path: as its manifest entry says', (entry) => {
    expect(route(entry.path)).toMatchObject({
      access: entry.access ?? null,
      icon: entry.icon ?? null,
      modules: entry.modules ?? [],
      hideInMenu: entry.hideInMenu ?? false,
      hideInBreadcrumb: entry.hideInBreadcrumb ?? false,
      layout: entry.layout ?? true,
      redirect: entry.redirect ?? null,
      page: entry.page ?? null,
      resource: entry.resource ?? null,
    });
    expect(route(entry.path).load === null).toBe(entry.page === undefined && entry.resource === undefined);
    expect(route(entry.path).children.map((child) => child.path)).toEqual(
      (entry.children ?? []).map((child) => child.path),
    );
  });

  it.each(specRoutes)('$path: access $access, icon $icon, menu $inMenu, breadcrumb $inBreadcrumb', (row) => {
    expect(route(row.path)).toMatchObject({
      access: row.access,
      icon: row.icon,
      hideInMenu: !row.inMenu,
      hideInBreadcrumb: !row.inBreadcrumb,
      layout: row.layout,
      redirect: null,
    });
    expect(route(row.path).load).not.toBeNull();
  });

  it('nests each fixed screen under its group, in the fixed order', () => {
    for (const group of groupPaths) {
      const children = specRoutes.filter((row) => row.path.startsWith(`${group}/`)).map((row) => row.path);
      const generated = route(group).children.map((child) => child.path);
      expect(
        generated.filter((path) => children.includes(path)),
        group,
      ).toEqual(children);
    }
  });

  it('puts every menu entry in the one module, monitor', () => {
    expect(modules.map((module) => module.value)).toEqual(['monitor']);
    for (const row of specRoutes.filter((candidate) => candidate.inMenu)) {
      expect(route(row.path).modules, row.path).toEqual(['monitor']);
    }
  });

  it('redirects the root path to /home inside the shared layout', () => {
    expect(route('/')).toMatchObject({ redirect: appSettings.homePath, layout: true });
    expect(appSettings.homePath).toBe('/home');
    expect(appSettings.loginPath).toBe('/user/login');
  });

  it('shows any other path on the 404 page without the layout', () => {
    expect(route('*')).toMatchObject({ layout: false, page: 'exception/NotFoundPage', access: null });
  });

  it('renders all five groups with one shared placeholder page', () => {
    const pages = new Set(groupPaths.map((path) => route(path).page));
    expect([...pages]).toEqual(['group/GroupPage']);
  });

  it('declares every fixed access key, and gives every access key to a route or a job on one', () => {
    const spec = new Set(specRoutes.map((row) => row.access).filter((key) => key !== null));
    expect(accessKeys).toEqual(expect.arrayContaining([...spec]));
    const used = new Set<string | null>([...byPath.values()].map((entry) => entry.access));
    // A job done on a screen (handling, exporting) has a key named after the screen's.
    const screenOf = (key: string) => key.slice(0, key.lastIndexOf('.'));
    expect(accessKeys.filter((key) => !used.has(key) && !used.has(screenOf(key)))).toEqual([]);
  });

  it('draws the fixed menu icons from @ant-design/icons', () => {
    const icons = new Map(flattenMenu(menuTree).map((entry) => [entry.path, entry.icon]));
    expect(Object.fromEntries(groupPaths.concat('/model').map((path) => [path, icons.get(path)]))).toEqual({
      '/equipment': ApartmentOutlined,
      '/model': AimOutlined,
      '/door': FieldNumberOutlined,
      '/monitor': MonitorOutlined,
      '/data': DatabaseOutlined,
      '/system': SettingOutlined,
    });
  });
});
