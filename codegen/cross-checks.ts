import { readOperationAccess } from '../contract/operation-access';
import { pointerOf, shown, type Diagnostic, type Segment } from './diagnostics';
import { inputFiles, pagesDir, resourceScreen, type Inputs } from './inputs';
import { catchAllPath, iconComponentName } from './manifest';
import { readStreamEvents } from './stream-events';
import {
  accessKeySchemaName,
  componentSchemas,
  httpMethods,
  isObject,
  pathItems,
  type JsonObject,
} from '../contract/document';

// These checks read the manifest defensively, so they still run (and report) when the schema
// check failed on some other part: a maintainer sees every problem in one run.

interface Located {
  readonly value: JsonObject;
  readonly pointer: readonly Segment[];
}

interface LocatedRoute extends Located {
  readonly parentPath: string | null;
}

/** What the route checks look names up in. */
interface Declared {
  readonly keys: ReadonlySet<string>;
  readonly modules: ReadonlySet<string>;
  readonly paths: ReadonlySet<string>;
  /** Access key per declared resource name. */
  readonly resources: ReadonlyMap<string, unknown>;
}

const iconsPackage = '@ant-design/icons';
const manifestKeys = `${inputFiles.manifest} accessKeys`;

function entries(container: unknown, key: string): Located[] {
  const list = isObject(container) ? container[key] : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((value, index) => (isObject(value) ? [{ value, pointer: [key, index] }] : []));
}

function allRoutes(manifest: unknown): LocatedRoute[] {
  const found: LocatedRoute[] = [];
  const visit = (route: Located, parentPath: string | null): void => {
    found.push({ ...route, parentPath });
    for (const child of entries(route.value, 'children')) {
      visit(
        { value: child.value, pointer: [...route.pointer, ...child.pointer] },
        stringField(route, 'path') ?? null,
      );
    }
  };
  entries(manifest, 'routes').forEach((route) => visit(route, null));
  return found;
}

function stringField(entry: Located, field: string): string | undefined {
  const value = entry.value[field];
  return typeof value === 'string' ? value : undefined;
}

function stringFields(list: readonly Located[], field: string): string[] {
  return list.flatMap((entry) => stringField(entry, field) ?? []);
}

function manifestAt(pointer: readonly Segment[], message: string): Diagnostic {
  return { file: inputFiles.manifest, pointer: pointerOf(...pointer), message };
}

function openapiAt(pointer: string, message: string): Diagnostic {
  return { file: inputFiles.openapi, pointer, message };
}

function isUnder(path: string, parentPath: string): boolean {
  return path !== parentPath && path.startsWith(parentPath === '/' ? '/' : `${parentPath}/`);
}

/** Entries whose `field` repeats an earlier entry's value, reported at the repeat. */
function duplicates(list: readonly Located[], field: string, what: string): Diagnostic[] {
  const firstAt = new Map<string, string>();
  const found: Diagnostic[] = [];
  for (const entry of list) {
    const value = stringField(entry, field);
    if (value === undefined) continue;
    const first = firstAt.get(value);
    if (first === undefined) firstAt.set(value, pointerOf(...entry.pointer, field));
    else
      found.push(
        manifestAt([...entry.pointer, field], `duplicate ${what} ${shown(value)} (first at ${first})`),
      );
  }
  return found;
}

function unknownParents(accessKeys: readonly Located[], declared: Declared): Diagnostic[] {
  return accessKeys.flatMap((entry) => {
    const parent = stringField(entry, 'parent');
    if (parent === undefined || declared.keys.has(parent)) return [];
    return [manifestAt([...entry.pointer, 'parent'], `unknown parent ${shown(parent)} (not in accessKeys)`)];
  });
}

function unroutedAppPaths(manifest: unknown, declared: Declared): Diagnostic[] {
  const app = isObject(manifest) && isObject(manifest.app) ? manifest.app : {};
  return ['loginPath', 'homePath', 'personalPath'].flatMap((setting) => {
    const target = app[setting];
    if (typeof target !== 'string' || declared.paths.has(target)) return [];
    return [manifestAt(['app', setting], `${shown(target)} is not a route path`)];
  });
}

function routeProblems(
  route: LocatedRoute,
  declared: Declared,
  installed: Pick<Inputs, 'pages' | 'iconExports' | 'hasResourceScreen'>,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const report = (field: Segment[], message: string): void => {
    found.push(manifestAt([...route.pointer, ...field], message));
  };
  const path = stringField(route, 'path');
  if (path !== undefined && route.parentPath !== null && !isUnder(path, route.parentPath)) {
    report(['path'], `${shown(path)} is not under its parent's path ${shown(route.parentPath)}`);
  }
  const icon = stringField(route, 'icon');
  if (icon !== undefined && !installed.iconExports.has(iconComponentName(icon))) {
    report(['icon'], `unknown icon ${shown(icon)} (no ${iconComponentName(icon)} in ${iconsPackage})`);
  }
  const access = stringField(route, 'access');
  if (access !== undefined && !declared.keys.has(access)) {
    report(['access'], `undeclared access key ${shown(access)} (not in accessKeys)`);
  }
  const modules = Array.isArray(route.value.modules) ? route.value.modules : [];
  modules.forEach((module, index) => {
    if (typeof module === 'string' && !declared.modules.has(module)) {
      report(['modules', index], `undeclared module ${shown(module)} (not in modules)`);
    }
  });
  const page = stringField(route, 'page');
  if (page !== undefined && !installed.pages.has(page)) {
    report(['page'], `page file ${pagesDir}/${page}.tsx does not exist`);
  }
  const resource = stringField(route, 'resource');
  if (resource !== undefined) {
    if (!declared.resources.has(resource)) {
      report(['resource'], `unknown resource ${shown(resource)} (not in resources)`);
    } else if (declared.resources.get(resource) !== access) {
      const wanted = shown(declared.resources.get(resource));
      report(
        ['access'],
        `must be ${wanted}, the access of resource ${shown(resource)}, not ${shown(access)}`,
      );
    }
    if (page === undefined && !installed.hasResourceScreen) {
      report(['resource'], `resource screen ${resourceScreen.file} does not exist`);
    }
  }
  const redirect = stringField(route, 'redirect');
  if (redirect !== undefined && (redirect === catchAllPath || !declared.paths.has(redirect))) {
    report(['redirect'], `redirect target ${shown(redirect)} is not a route path`);
  }
  return found;
}

function unroutedResources(resources: readonly Located[], routes: readonly Located[]): Diagnostic[] {
  const routed = new Set(stringFields(routes, 'resource'));
  return resources.flatMap((entry) => {
    const name = stringField(entry, 'name');
    if (name === undefined || routed.has(name)) return [];
    return [
      manifestAt(
        [...entry.pointer, 'name'],
        `resource ${shown(name)} has no route (no route has "resource": ${shown(name)})`,
      ),
    ];
  });
}

export function manifestCrossChecks(inputs: Inputs): Diagnostic[] {
  const routes = allRoutes(inputs.manifest);
  const accessKeys = entries(inputs.manifest, 'accessKeys');
  const modules = entries(inputs.manifest, 'modules');
  const resources = entries(inputs.manifest, 'resources');
  const declared: Declared = {
    resources: new Map(
      resources.flatMap((entry) => {
        const name = stringField(entry, 'name');
        return name === undefined ? [] : [[name, entry.value.access] as const];
      }),
    ),
    keys: new Set(stringFields(accessKeys, 'key')),
    modules: new Set(stringFields(modules, 'value')),
    paths: new Set(stringFields(routes, 'path')),
  };
  return [
    ...duplicates(routes, 'path', 'path'),
    ...duplicates(accessKeys, 'key', 'access key'),
    ...duplicates(modules, 'value', 'module'),
    ...duplicates(resources, 'name', 'resource'),
    ...duplicates(
      routes.filter((route) => route.value.resource !== undefined),
      'resource',
      'route of resource',
    ),
    ...unroutedResources(resources, routes),
    ...unknownParents(accessKeys, declared),
    ...unroutedAppPaths(inputs.manifest, declared),
    ...routes.flatMap((route) => routeProblems(route, declared, inputs)),
  ];
}

function undeclaredXAccess(openapi: unknown, declaredKeys: ReadonlySet<string>): Diagnostic[] {
  return Object.entries(pathItems(openapi)).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation) || operation['x-access'] === undefined) return [];
      const key = operation['x-access'];
      if (typeof key === 'string' && declaredKeys.has(key)) return [];
      return [
        openapiAt(
          pointerOf('paths', path, method, 'x-access'),
          `undeclared access key ${shown(key)} (not in ${manifestKeys})`,
        ),
      ];
    }),
  );
}

/** The scheme names of an operation's (first) security requirement, its own or the document's. */
function securityOf(openapi: unknown, operation: JsonObject): string[] {
  const requirements = operation.security ?? (isObject(openapi) ? openapi.security : undefined);
  const [first] = Array.isArray(requirements) ? (requirements as unknown[]) : [];
  return isObject(first) ? Object.keys(first) : [];
}

/**
 * Every operation declares who may call it exactly one way (the rule the server applies when it
 * loads the contract): an operation that forgot its x-access must not build, or it would be open
 * to every signed-in user.
 */
function undeclaredAccess(openapi: unknown): Diagnostic[] {
  return Object.entries(pathItems(openapi)).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation)) return [];
      const read = readOperationAccess({
        xAccess: operation['x-access'],
        xOpen: operation['x-open'],
        schemes: securityOf(openapi, operation),
      });
      if (!('problem' in read)) return [];
      const name = `${String(operation.operationId)} (${method.toUpperCase()} ${path})`;
      return [openapiAt(pointerOf('paths', path, method), `${name} ${read.problem}`)];
    }),
  );
}

/** components.schemas.AccessKey.enum must list exactly the manifest's keys; names each stray one. */
function accessKeyEnumMismatches(openapi: unknown, declared: readonly string[]): Diagnostic[] {
  const enumPointer = pointerOf('components', 'schemas', accessKeySchemaName, 'enum');
  const schema = componentSchemas(openapi)[accessKeySchemaName];
  const listed: unknown[] | null = isObject(schema) && Array.isArray(schema.enum) ? schema.enum : null;
  if (listed === null) {
    return [openapiAt(enumPointer, `missing; it must list the ${declared.length} keys of ${manifestKeys}`)];
  }
  const declaredSet = new Set<unknown>(declared);
  const listedSet = new Set(listed);
  return [
    ...listed.flatMap((key, index) =>
      declaredSet.has(key)
        ? []
        : [openapiAt(`${enumPointer}/${index}`, `${shown(key)} is not declared in ${manifestKeys}`)],
    ),
    ...declared.flatMap((key) =>
      listedSet.has(key)
        ? []
        : [openapiAt(enumPointer, `missing ${shown(key)}, declared in ${manifestKeys}`)],
    ),
  ];
}

/**
 * openapi.yaml against the manifest: every operation declares its access once; every x-access is
 * declared; AccessKey lists exactly the keys; the event stream's x-events name known schemas and keys.
 */
export function openapiCrossChecks(inputs: Inputs): Diagnostic[] {
  const declared = stringFields(entries(inputs.manifest, 'accessKeys'), 'key');
  return [
    ...undeclaredAccess(inputs.openapi),
    ...undeclaredXAccess(inputs.openapi, new Set(declared)),
    ...accessKeyEnumMismatches(inputs.openapi, declared),
    ...readStreamEvents(inputs).problems,
  ];
}
