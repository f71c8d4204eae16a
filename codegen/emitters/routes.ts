import { VariableDeclarationKind } from 'ts-morph';
import { Code, literal } from '../literal';
import { descriptorTypes, resourceDescriptorModule, resourceScreen } from '../inputs';
import type { Manifest, RouteEntry } from '../manifest';
import { newSourceFile } from './source-file';

function importFromGenerated(module: string): Code {
  return new Code(`() => import(${JSON.stringify(module)})`);
}

function pageLoader(route: RouteEntry): Code | null {
  if (route.page !== undefined) return importFromGenerated(`../pages/${route.page}`);
  // The generic screen and the resource's own descriptor, so no screen loads another's descriptor.
  if (route.resource !== undefined) {
    return new Code(
      `() => resourceScreen(import(${JSON.stringify(`./${resourceDescriptorModule(route.resource)}`)}))`,
    );
  }
  return null;
}

const hasResourceScreen = (routes: readonly RouteEntry[]): boolean =>
  routes.some(
    (route) =>
      (route.page === undefined && route.resource !== undefined) || hasResourceScreen(route.children ?? []),
  );

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
          'A resource name: the route shows its screen, with the descriptor of src/generated/resources/<name>.ts. null for page routes.',
        ],
      },
      { name: 'load', type: '(() => Promise<{ default: ComponentType }>) | null' },
      { name: 'children', type: 'readonly RouteDef[]' },
    ].map((property) => ({ ...property, isReadonly: true })),
  });
  if (hasResourceScreen(manifest.routes)) {
    file.addImportDeclaration({
      isTypeOnly: true,
      moduleSpecifier: descriptorTypes.importFromGenerated,
      namedImports: ['ResourceSource'],
    });
    file.addFunction({
      name: 'resourceScreen',
      isAsync: true,
      docs: ["A resource route's page: the generic screen, fetched beside the resource's descriptor."],
      parameters: [{ name: 'descriptor', type: 'Promise<{ default: ResourceSource }>' }],
      returnType: 'Promise<{ default: ComponentType }>',
      statements: [
        `const [screen, resource] = await Promise.all([import(${JSON.stringify(resourceScreen.importFromGenerated)}), descriptor]);`,
        'return { default: screen.screenOf(resource.default) };',
      ],
    });
  }
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      { name: 'routes', type: 'readonly RouteDef[]', initializer: literal(manifest.routes.map(routeDef)) },
    ],
  });
  return file.getFullText();
}
