import { VariableDeclarationKind } from 'ts-morph';
import { Code, literal } from '../literal';
import { catchAllPath, iconComponentName, type Manifest, type RouteEntry } from '../manifest';
import { newSourceFile } from './source-file';

/** The icon names the menu shows, sorted: those of every route but the catch-all. */
function iconsUsed(routes: readonly RouteEntry[]): string[] {
  const names = new Set<string>();
  const visit = (route: RouteEntry): void => {
    if (route.path === catchAllPath) return;
    if (route.icon !== undefined) names.add(route.icon);
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  return [...names].sort();
}

/**
 * The icon component of each route icon name. Apart from routes.ts, so the sign-in page, which
 * loads the routes, does not load the menu's icons.
 */
export function emitIcons(manifest: Manifest): string {
  const file = newSourceFile('icons.ts');
  const icons = iconsUsed(manifest.routes);
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: 'react', namedImports: ['ComponentType'] });
  // One default import per icon keeps the bundle to the icons the menu shows.
  for (const icon of icons) {
    const component = iconComponentName(icon);
    file.addImportDeclaration({
      defaultImport: component,
      moduleSpecifier: `@ant-design/icons/${component}`,
    });
  }
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["By the manifest's kebab name: `field-number` → FieldNumberOutlined."],
    declarations: [
      {
        name: 'routeIcons',
        type: 'Readonly<Record<string, ComponentType>>',
        initializer: literal(
          Object.fromEntries(icons.map((icon) => [icon, new Code(iconComponentName(icon))])),
        ),
      },
    ],
  });
  return file.getFullText();
}
