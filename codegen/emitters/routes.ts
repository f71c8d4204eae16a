import { VariableDeclarationKind } from 'ts-morph';
import { Code, literal } from '../literal';
import { resourceScreen } from '../inputs';
import type { Manifest, RouteEntry } from '../manifest';
import { newSourceFile } from './source-file';

function importFromGenerated(module: string): Code {
  return new Code(`() => import(${JSON.stringify(module)})`);
}

function pageLoader(route: RouteEntry): Code | null {
  if (route.page !== undefined) return importFromGenerated(`../pages/${route.page}`);
  // Every resource route shows the one generic screen; it finds its descriptor by the route.
  if (route.resource !== undefined) return importFromGenerated(resourceScreen.importFromGenerated);
  return null;
}

/** The manifest route with every default filled in, as the generated RouteDef holds it. */
function routeDef(route: RouteEntry): Record<string, unknown> {
  return {
    path: route.path,
    name: route.name,
    icon: route.icon ?? null,
    modules: route.modules ?? [],
    access: route.access ?? null,
    hideInMenu: route.hideInMenu ?? false,
    hideInBreadcrumb: route.hideInBreadcrumb ?? false,
    layout: route.layout ?? true,
    redirect: route.redirect ?? null,
    page: route.page ?? null,
    resource: route.resource ?? null,
    load: pageLoader(route),
    children: (route.children ?? []).map(routeDef),
  };
}

export function emitRoutes(manifest: Manifest): string {
  const file = newSourceFile('routes.ts');
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: 'react', namedImports: ['ComponentType'] });
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './access', namedImports: ['AccessKey'] });
  file.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: './settings',
    namedImports: ['LocalText', 'ModuleValue'],
  });
  file.addInterface({
    isExported: true,
    name: 'RouteDef',
    properties: [
      { name: 'path', type: 'string', docs: ["Absolute path, or '*' for the catch-all."] },
      { name: 'name', type: 'LocalText' },
      { name: 'icon', type: 'string | null', docs: ["Manifest kebab name, e.g. 'apartment'."] },
      { name: 'modules', type: 'readonly ModuleValue[]' },
      { name: 'access', type: 'AccessKey | null' },
      { name: 'hideInMenu', type: 'boolean' },
      { name: 'hideInBreadcrumb', type: 'boolean' },
      { name: 'layout', type: 'boolean', docs: ['false: rendered without the shared layout (login, 404).'] },
      { name: 'redirect', type: 'string | null' },
      {
        name: 'page',
        type: 'string | null',
        docs: ["'home/HomePage' = src/pages/home/HomePage.tsx (default export)."],
      },
      {
        name: 'resource',
        type: 'string | null',
        docs: [
          'A resource name of resources.ts: the route shows the generic resource screen. null for page routes.',
        ],
      },
      { name: 'load', type: '(() => Promise<{ default: ComponentType }>) | null' },
      { name: 'children', type: 'readonly RouteDef[]' },
    ].map((property) => ({ ...property, isReadonly: true })),
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      { name: 'routes', type: 'readonly RouteDef[]', initializer: literal(manifest.routes.map(routeDef)) },
    ],
  });
  return file.getFullText();
}
