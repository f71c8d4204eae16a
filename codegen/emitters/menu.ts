import { VariableDeclarationKind } from 'ts-morph';
import { Code, literal } from '../literal';
import { catchAllPath, iconComponentName, type Manifest, type RouteEntry } from '../manifest';
import { newSourceFile } from './source-file';

function menuRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((route) => route.path !== catchAllPath);
}

function menuItemDef(route: RouteEntry): Record<string, unknown> {
  return {
    path: route.path,
    name: route.name,
    icon: route.icon === undefined ? null : new Code(iconComponentName(route.icon)),
    modules: route.modules ?? [],
    access: route.access ?? null,
    hideInMenu: route.hideInMenu ?? false,
    layout: route.layout ?? true,
    children: menuRoutes(route.children ?? []).map(menuItemDef),
  };
}

function iconsUsed(routes: readonly RouteEntry[]): string[] {
  const names = new Set<string>();
  const visit = (route: RouteEntry): void => {
    if (route.icon !== undefined) names.add(iconComponentName(route.icon));
    route.children?.forEach(visit);
  };
  menuRoutes(routes).forEach(visit);
  return [...names].sort();
}

export function emitMenu(manifest: Manifest): string {
  const file = newSourceFile('menu.ts');
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: 'react', namedImports: ['ComponentType'] });
  // One default import per icon keeps the bundle to the icons the menu shows.
  for (const icon of iconsUsed(manifest.routes)) {
    file.addImportDeclaration({ defaultImport: icon, moduleSpecifier: `@ant-design/icons/${icon}` });
  }
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './access', namedImports: ['AccessKey'] });
  file.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: './settings',
    namedImports: ['LocalText', 'ModuleValue'],
  });
  file.addInterface({
    isExported: true,
    name: 'MenuItemDef',
    properties: [
      { name: 'path', type: 'string' },
      { name: 'name', type: 'LocalText' },
      { name: 'icon', type: 'ComponentType | null' },
      { name: 'modules', type: 'readonly ModuleValue[]' },
      { name: 'access', type: 'AccessKey | null' },
      { name: 'hideInMenu', type: 'boolean' },
      { name: 'layout', type: 'boolean' },
      { name: 'children', type: 'readonly MenuItemDef[]' },
    ].map((property) => ({ ...property, isReadonly: true })),
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Every route except the catch-all '*', in manifest order."],
    declarations: [
      {
        name: 'menuTree',
        type: 'readonly MenuItemDef[]',
        initializer: literal(menuRoutes(manifest.routes).map(menuItemDef)),
      },
    ],
  });
  return file.getFullText();
}
