import type { Inputs } from './inputs';
import type { Manifest } from './manifest';
import { isObject } from '../contract/document';
import { resourceDeclarations } from '../contract/x-resource';
import { readStreamEvents } from './stream-events';
import type { ResolveContext } from './resources';

/** Route path per resource name; reads the route tree defensively, as validation may run on a bad one. */
function resourceRoutes(routes: unknown): [string, string][] {
  if (!Array.isArray(routes)) return [];
  return routes.flatMap((route): [string, string][] => {
    if (!isObject(route)) return [];
    const own: [string, string][] =
      typeof route.resource === 'string' && typeof route.path === 'string'
        ? [[route.resource, route.path]]
        : [];
    return [...own, ...resourceRoutes(route.children)];
  });
}

/** The names of the manifest's resources; read defensively like the routes. */
function resourceNames(resources: unknown): Set<string> {
  if (!Array.isArray(resources)) return new Set();
  return new Set(
    resources.flatMap((entry) => (isObject(entry) && typeof entry.name === 'string' ? [entry.name] : [])),
  );
}

/** What resolving a resource looks up beside openapi.yaml: the declared keys and the routes. */
export function resourceContext(inputs: Pick<Inputs, 'manifest' | 'openapi'>): ResolveContext {
  const manifest = inputs.manifest as Partial<Manifest>;
  const keys = Array.isArray(manifest.accessKeys) ? manifest.accessKeys : [];
  return {
    openapi: inputs.openapi,
    declaredKeys: new Set(keys.flatMap((entry) => (isObject(entry) ? [String(entry.key)] : []))),
    accessKeyLabels: new Map(
      keys.flatMap((entry) =>
        isObject(entry) && isObject(entry.label)
          ? [[String(entry.key), { zh: String(entry.label.zh), en: String(entry.label.en) }] as const]
          : [],
      ),
    ),
    routeOf: new Map(resourceRoutes(manifest.routes)),
    resourceNames: resourceNames(manifest.resources),
    rowEvents: new Map(
      readStreamEvents(inputs).events.flatMap(({ name, rows }) => (rows === null ? [] : [[rows, name]])),
    ),
    declaredOperations: new Map(
      resourceDeclarations(inputs.openapi).map((declared) => [declared.schema, declared.operationIds]),
    ),
  };
}
