import type { Inputs } from './inputs';
import type { Manifest } from './manifest';
import { isObject, operationsById } from './openapi-doc';
import type { Referable } from './resource-fields';
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

/** Each resource as reference fields of others see it; read defensively like the routes. */
function referableResources(resources: unknown, openapi: unknown): Map<string, Referable> {
  if (!Array.isArray(resources)) return new Map();
  const byId = operationsById(openapi);
  const idOf = (operations: unknown, role: string): string | null => {
    const id = isObject(operations) ? operations[role] : undefined;
    return typeof id === 'string' ? id : null;
  };
  const pathOf = (operations: unknown, role: string): string | null => {
    const id = idOf(operations, role);
    return id === null ? null : (byId.get(id)?.path ?? null);
  };
  return new Map(
    resources.flatMap((entry): [string, Referable][] =>
      isObject(entry) && typeof entry.name === 'string'
        ? [
            [
              entry.name,
              {
                collection: pathOf(entry.operations, 'list'),
                item: pathOf(entry.operations, 'get'),
                labelField: typeof entry.labelField === 'string' ? entry.labelField : null,
                access: typeof entry.access === 'string' ? entry.access : '',
                unresolved: ['list', 'get'].some((role) => {
                  const id = idOf(entry.operations, role);
                  return id !== null && !byId.has(id);
                }),
              },
            ],
          ]
        : [],
    ),
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
    referable: referableResources(manifest.resources, inputs.openapi),
  };
}
