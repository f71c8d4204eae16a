import { pointerOf, shown, type Diagnostic, type Segment } from './diagnostics';
import { inputFiles } from './inputs';
import type { LocalText, OperationRole, ResourceActionEntry, ResourceEntry } from './manifest';
import {
  componentSchemas,
  deref,
  isObject,
  operationsById,
  queryParameter,
  requestBodySchema,
  schemaRefName,
  type JsonObject,
  type OperationInfo,
} from '../contract/document';
import type { ActionDescriptor, FieldDescriptor, ResourceDescriptor } from '../src/resources/descriptors';
import { resolveField, type Report } from './resource-fields';
import { resolveFilters } from './resource-filters';
import { numberOrNull, propertyFacts, stringOrNull, type NamedSchema } from './schema-facts';

// A manifest resource resolved against openapi.yaml: the descriptor the console gets and every
// problem found on the way. Validation reports the problems; emit writes the descriptor.

/** A resource as codegen resolves it: its key is the manifest's text, checked against accessKeys. */
export type ResolvedResource = Omit<ResourceDescriptor, 'access' | 'exportAccess' | 'liveEvent'> & {
  readonly access: string;
  readonly exportAccess: string | null;
  readonly liveEvent: string | null;
};

/** What the role of an operation asks of its method and path. */
const roleRules: Record<OperationRole, { methods: readonly string[]; path: 'collection' | 'item' | null }> = {
  list: { methods: ['get'], path: null },
  get: { methods: ['get'], path: null },
  create: { methods: ['post'], path: 'collection' },
  update: { methods: ['put', 'patch'], path: 'item' },
  delete: { methods: ['delete'], path: 'item' },
  bulkDelete: { methods: ['post', 'delete'], path: null },
  export: { methods: ['get'], path: null },
  choices: { methods: ['get'], path: null },
  import: { methods: ['post'], path: null },
  importTemplate: { methods: ['get'], path: null },
};
const actionMethods = ['post', 'put', 'delete'] as const satisfies readonly ActionDescriptor['method'][];

interface Resolution {
  readonly descriptor: ResolvedResource;
  readonly problems: readonly Diagnostic[];
}

export interface ResolveContext {
  readonly openapi: unknown;
  readonly declaredKeys: ReadonlySet<string>;
  /** Route path per resource name, from the manifest's routes. */
  readonly routeOf: ReadonlyMap<string, string>;
  /** Labels of the manifest's access keys, by key. */
  readonly accessKeyLabels?: ReadonlyMap<string, LocalText>;
  /** The manifest's resource names, which reference fields point at. */
  readonly resourceNames?: ReadonlySet<string>;
  /** The console event that changes a resource's rows, by item schema name (openapi.yaml's `x-events`). */
  readonly rowEvents?: ReadonlyMap<string, string>;
  /** The operationIds openapi.yaml's `x-resource` declarations give, by item schema name. */
  readonly declaredOperations: ReadonlyMap<string, Readonly<Partial<Record<OperationRole, string>>>>;
}

type Operations = Partial<Record<OperationRole, OperationInfo>>;

/** Resolves one manifest resource (at resources/<index>) against openapi.yaml. */
export function resolveResource(entry: ResourceEntry, index: number, context: ResolveContext): Resolution {
  const { openapi } = context;
  const problems: Diagnostic[] = [];
  const report: Report = (at, message) => {
    problems.push({ file: inputFiles.manifest, pointer: pointerOf('resources', index, ...at), message });
  };
  if (!context.declaredKeys.has(entry.access)) {
    report(['access'], `undeclared access key ${shown(entry.access)} (not in accessKeys)`);
  }
  const byId = operationsById(openapi);
  const named = { ...context.declaredOperations.get(entry.schema), ...entry.operations };
  const operations = resolveOperations(entry, named, byId, report);
  const rowSchema = componentSchemas(openapi)[entry.schema];
  const row = isObject(rowSchema) ? { name: entry.schema, schema: deref(openapi, rowSchema) } : null;
  if (row === null) {
    report(['schema'], `unknown schema ${shown(entry.schema)} (not in openapi.yaml components.schemas)`);
  }
  const listing = resolveListing(openapi, operations, row, report);
  const shared = {
    openapi,
    row,
    ...inputSchemas(openapi, operations, report),
    list: operations.list,
    exporter: operations.export,
    choices: operations.choices,
    sortValues: listing.sortValues,
    ...(context.accessKeyLabels ? { accessKeyLabels: context.accessKeyLabels } : {}),
    ...(context.resourceNames ? { resourceNames: context.resourceNames } : {}),
  };
  const fields = entry.fields.map((field, position) =>
    resolveField(field, {
      ...shared,
      report: (at, message) => report(['fields', position, ...at], `field ${shown(field.name)}: ${message}`),
    }),
  );
  reportDuplicateNames(entry.fields, 'fields', 'field', report, index);
  reportDuplicateNames(entry.filters ?? [], 'filters', 'filter', report, index);
  reportDuplicateNames(entry.actions ?? [], 'actions', 'action', report, index);

  return {
    problems,
    descriptor: {
      name: entry.name,
      title: entry.title,
      access: entry.access,
      exportAccess: exportKeyOf(entry, operations.export),
      route: context.routeOf.get(entry.name) ?? '',
      paths: {
        collection: operations.list?.path ?? '',
        item: operations.get?.path ?? '',
        export: operations.export?.path ?? null,
        bulkDelete: operations.bulkDelete?.path ?? null,
        import: operations.import?.path ?? null,
        importTemplate: operations.importTemplate?.path ?? null,
      },
      operations: {
        list: operations.list !== undefined,
        get: operations.get !== undefined,
        create: operations.create !== undefined,
        update: operations.update !== undefined,
        delete: operations.delete !== undefined,
        bulkDelete: operations.bulkDelete !== undefined,
        export: operations.export !== undefined,
        choices: operations.choices !== undefined,
        import: operations.import !== undefined,
      },
      defaultSort: listing.defaultSort,
      pageSizeMax: listing.pageSizeMax ?? 0,
      fields,
      filters: resolveFilters(entry.filters ?? [], { ...shared, report }),
      actions: resolveActions(entry, byId, { ...shared, report }),
      liveEvent: context.rowEvents?.get(entry.schema) ?? null,
    },
  };
}

/** The export's key when exporting is a job of its own (its x-access is not the resource's); else null. */
function exportKeyOf(entry: ResourceEntry, exporter: OperationInfo | undefined): string | null {
  const xAccess = exporter?.operation['x-access'];
  return typeof xAccess === 'string' && xAccess !== entry.access ? xAccess : null;
}

function checkAccess(
  entry: ResourceEntry,
  info: OperationInfo,
  at: readonly Segment[],
  report: Report,
): void {
  const xAccess = info.operation['x-access'];
  if (xAccess !== entry.access) {
    report(at, `${info.id} has x-access ${shown(xAccess)}, not the resource's access ${shown(entry.access)}`);
  }
}

/**
 * The operations by role (the schema's `x-resource` ones, then the manifest's), each known, guarded
 * by the resource's key (the export by it or a key of its own), and of its role's method and path.
 */
function resolveOperations(
  entry: ResourceEntry,
  named: Readonly<Partial<Record<OperationRole, string>>>,
  byId: ReadonlyMap<string, OperationInfo>,
  report: Report,
): Operations {
  const unnamed = (['list', 'get'] as const).filter((role) => named[role] === undefined);
  if (unnamed.length > 0) {
    report(
      ['operations'],
      `needs the ${unnamed.join(' and ')} operations: name them here, or declare x-resource on ${entry.schema} in openapi.yaml`,
    );
  }
  const pairs = [
    ['import', 'importTemplate'],
    ['importTemplate', 'import'],
  ] as const;
  for (const [role, partner] of pairs) {
    if (named[role] !== undefined && named[partner] === undefined) {
      report(['operations', role], `names ${role} without ${partner}: the import drawer offers both`);
    }
  }
  const operations: Operations = {};
  for (const [role, id] of Object.entries(named) as [OperationRole, string][]) {
    const info = byId.get(id);
    if (info === undefined) {
      report(['operations', role], `unknown operationId ${shown(id)} (not in openapi.yaml)`);
    } else {
      operations[role] = info;
      // The export may take a key of its own (the cross-checks hold every x-access to the declared
      // keys): who may read the rows need not be who may carry them all away.
      if (role !== 'export') checkAccess(entry, info, ['operations', role], report);
    }
  }
  const collection = operations.list?.path ?? '';
  const item = operations.get?.path ?? '';
  for (const [role, info] of Object.entries(operations) as [OperationRole, OperationInfo][]) {
    const rule = roleRules[role];
    // An unknown list or get operation is reported already; no path to hold the others to then.
    const wanted = rule.path === 'collection' ? collection : rule.path === 'item' ? item : '';
    const path = wanted === '' ? info.path : wanted;
    if (!rule.methods.includes(info.method) || info.path !== path) {
      const expected = `${rule.methods.map((method) => method.toUpperCase()).join(' or ')} ${path}`;
      report(
        ['operations', role],
        `${info.id} is ${info.method.toUpperCase()} ${info.path}; the ${role} operation must be ${expected}`,
      );
    }
  }
  return operations;
}

/** Sort and paging of the list operation; the export must sort the same way. */
function resolveListing(
  openapi: unknown,
  operations: Operations,
  row: NamedSchema | null,
  report: Report,
): { sortValues: string[]; defaultSort: string | null; pageSizeMax: number | null } {
  const list = operations.list;
  const sortSchema = sortSchemaOf(openapi, list);
  const sortValues = Array.isArray(sortSchema.enum) ? sortSchema.enum.map(String) : [];
  const pageSizeMax =
    list === undefined
      ? null
      : numberOrNull(deref(openapi, queryParameter(openapi, list, 'pageSize')?.schema).maximum);
  if (list === undefined) return { sortValues, defaultSort: null, pageSizeMax };
  if (pageSizeMax === null) {
    report(['operations', 'list'], `${list.id} has no pageSize query parameter with a maximum`);
  }
  const rowProperties = row !== null && isObject(row.schema.properties) ? row.schema.properties : null;
  const unsortable = sortValues.filter(
    (value) => rowProperties !== null && !(value.replace(/^-/, '') in rowProperties),
  );
  if (row !== null && unsortable.length > 0) {
    report(
      ['operations', 'list'],
      `${list.id} sorts by ${unsortable.map(shown).join(', ')}, not properties of ${row.name}`,
    );
  }
  const exporter = operations.export;
  if (exporter !== undefined) {
    const exportSort = sortSchemaOf(openapi, exporter).enum;
    if (JSON.stringify(exportSort ?? []) !== JSON.stringify(sortValues)) {
      report(
        ['operations', 'export'],
        `${exporter.id} must take the sort values of ${list.id}, in the same order`,
      );
    }
  }
  return { sortValues, defaultSort: stringOrNull(sortSchema.default), pageSizeMax };
}

interface ActionContext {
  readonly openapi: unknown;
  readonly row: NamedSchema | null;
  readonly accessKeyLabels?: ReadonlyMap<string, LocalText>;
  readonly report: Report;
}

function resolveActions(
  entry: ResourceEntry,
  byId: ReadonlyMap<string, OperationInfo>,
  context: ActionContext,
): ActionDescriptor[] {
  const { report } = context;
  return (entry.actions ?? []).flatMap((action, position): ActionDescriptor[] => {
    const info = byId.get(action.operation);
    const at = ['actions', position, 'operation'];
    if (info === undefined) {
      report(at, `unknown operationId ${shown(action.operation)} (not in openapi.yaml)`);
      return [];
    }
    checkAccess(entry, info, at, report);
    const method = actionMethods.find((candidate) => candidate === info.method);
    if (method === undefined) {
      report(
        at,
        `${info.id} is ${info.method.toUpperCase()} ${info.path}; an action must be POST, PUT or DELETE`,
      );
    }
    checkWhen(action, position, context);
    const fields = actionFields(action, position, info, context);
    return method === undefined ? [] : [actionDescriptor(action, info, method, fields)];
  });
}

/** Each `when` field is a property of the row schema, and each value one of its enum's, if it has one. */
function checkWhen(action: ResourceActionEntry, position: number, context: ActionContext): void {
  const { openapi, row, report } = context;
  if (row === null) return;
  for (const [name, values] of Object.entries(action.when ?? {})) {
    const at = ['actions', position, 'when', name];
    const facts = propertyFacts(openapi, row, name);
    if (facts === null) {
      report(at, `${shown(name)} is not a property of ${row.name}`);
      continue;
    }
    const allowed = facts.enum?.map(String);
    const unknown = allowed === undefined ? [] : values.filter((value) => !allowed.includes(value));
    if (unknown.length > 0) {
      report(
        at,
        `${unknown.map(shown).join(', ')} not among the values of ${facts.where} (${(allowed ?? []).map(shown).join(', ')})`,
      );
    }
  }
}

/** The action's form: its manifest fields resolved against the operation's request body. */
function actionFields(
  action: ResourceActionEntry,
  position: number,
  info: OperationInfo,
  context: ActionContext,
): FieldDescriptor[] {
  const { openapi, report } = context;
  const written = requestBodySchema(openapi, info);
  const declared = action.fields ?? [];
  if (written === null) {
    if (declared.length > 0) {
      report(['actions', position, 'fields'], `${info.id} takes no request body, so the action has no form`);
    }
    return [];
  }
  const body = { name: schemaRefName(written) ?? `the ${info.id} body`, schema: deref(openapi, written) };
  const required = Array.isArray(body.schema.required) ? body.schema.required.map(String) : [];
  const missing = required.filter((name) => !declared.some((field) => field.name === name));
  if (missing.length > 0) {
    report(
      ['actions', position, ...(action.fields === undefined ? [] : ['fields'])],
      `${info.id} takes ${body.name}; the action needs a field for ${missing.map(shown).join(', ')}`,
    );
  }
  return declared.map((field, index) =>
    resolveField(
      { ...field, show: ['form'] },
      {
        openapi,
        row: null,
        input: body,
        list: undefined,
        exporter: undefined,
        sortValues: [],
        ...(context.accessKeyLabels ? { accessKeyLabels: context.accessKeyLabels } : {}),
        report: (at, message) =>
          report(['actions', position, 'fields', index, ...at], `field ${shown(field.name)}: ${message}`),
      },
    ),
  );
}

function sortSchemaOf(openapi: unknown, info: OperationInfo | undefined): JsonObject {
  return deref(openapi, info === undefined ? undefined : queryParameter(openapi, info, 'sort')?.schema);
}

function actionDescriptor(
  action: ResourceActionEntry,
  info: OperationInfo,
  method: ActionDescriptor['method'],
  fields: FieldDescriptor[],
): ActionDescriptor {
  return {
    name: action.name,
    label: action.label,
    method,
    path: info.path,
    confirm: action.confirm ?? null,
    showsSecret: action.showsSecret ?? false,
    when: action.when ?? null,
    fields,
  };
}

function reportDuplicateNames(
  list: readonly { readonly name: string }[],
  key: string,
  what: string,
  report: Report,
  resourceIndex: number,
): void {
  const first = new Map<string, number>();
  list.forEach(({ name }, position) => {
    const earlier = first.get(name);
    if (earlier === undefined) first.set(name, position);
    else
      report(
        [key, position, 'name'],
        `duplicate ${what} ${shown(name)} (first at ${pointerOf('resources', resourceIndex, key, earlier, 'name')})`,
      );
  });
}

/**
 * The body schemas of create and update. The form sends the create body; an update body that
 * differs must be the create body less some properties (those the manifest shows in "create" only).
 */
function inputSchemas(
  openapi: unknown,
  operations: Operations,
  report: Report,
): { input: NamedSchema | null; updateInput: NamedSchema | null } {
  const bodies = (['create', 'update'] as const).flatMap((role) => {
    const info = operations[role];
    if (info === undefined) return [];
    const written = requestBodySchema(openapi, info);
    if (written === null) {
      report(['operations', role], `${info.id} has no application/json request body`);
      return [];
    }
    return [
      { role, info, name: schemaRefName(written) ?? `the ${info.id} body`, schema: deref(openapi, written) },
    ];
  });
  const [first, second] = bodies;
  if (first === undefined || second === undefined || first.name === second.name) {
    return { input: first ?? null, updateInput: null };
  }
  const propertiesOf = (schema: JsonObject) =>
    isObject(schema.properties) ? Object.keys(schema.properties) : [];
  const extra = propertiesOf(second.schema).filter((name) => !propertiesOf(first.schema).includes(name));
  if (extra.length > 0) {
    report(
      ['operations', second.role],
      `${second.info.id} takes ${second.name} with ${extra.map(shown).join(', ')}, which ${first.info.id}'s ${first.name} lacks; the form needs the update body to be the create body less create-only fields`,
    );
    return { input: first, updateInput: null };
  }
  return { input: first, updateInput: second };
}
