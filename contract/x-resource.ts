import { ContractError } from './contract-error';
import { deref, isObject, operationsById, type JsonObject } from './document';

// `x-resource` on an item schema states a plain CRUD resource once: the reader derives its input,
// page and envelope schemas, its sort and filter parameters and its standard operations from it.
// Whatever the document already states (a schema, the sort parameter, an operation at the same
// method and path) is kept as written, so a resource overrides one piece without losing the rest.

export const resourceRoles = ['list', 'get', 'create', 'update', 'delete', 'bulkDelete', 'export'] as const;
export type ResourceRole = (typeof resourceRoles)[number];

export interface ResourceNoun {
  readonly zh: string;
  readonly en: string;
  readonly enPlural: string;
}

/** One `x-resource` declaration, as codegen and the server bind by it. */
export interface ResourceDeclaration {
  /** The item schema's name in components.schemas. */
  readonly schema: string;
  /** The collection path; the item path is `<path>/{id}`. */
  readonly path: string;
  readonly itemPath: string;
  readonly plural: string;
  readonly access: string;
  readonly noun: ResourceNoun;
  /** The operationId at each declared role's method and path, written there or derived. */
  readonly operationIds: Readonly<Partial<Record<ResourceRole, string>>>;
}

const declarationKeys = ['path', 'access', 'noun', 'plural', 'operations', 'defaultSort', 'filters'];
const filterModes = ['contains', 'equals', 'range'];

interface RoleRule {
  readonly method: 'get' | 'post' | 'put' | 'delete';
  readonly at: (path: string) => string;
  readonly id: (schema: string, plural: string) => string;
}

const itemPathOf = (path: string): string => `${path}/{id}`;
const roleRules: Record<ResourceRole, RoleRule> = {
  list: { method: 'get', at: (path) => path, id: (_, plural) => `list${plural}` },
  get: { method: 'get', at: itemPathOf, id: (schema) => `get${schema}` },
  create: { method: 'post', at: (path) => path, id: (schema) => `create${schema}` },
  update: { method: 'put', at: itemPathOf, id: (schema) => `update${schema}` },
  delete: { method: 'delete', at: itemPathOf, id: (schema) => `delete${schema}` },
  bulkDelete: {
    method: 'post',
    at: (path) => `${path}/bulk-delete`,
    id: (_, plural) => `bulkDelete${plural}`,
  },
  export: { method: 'get', at: (path) => `${path}/export`, id: (_, plural) => `export${plural}` },
};

/** The standard paths in the order the document lists them. */
const standardPaths = (path: string): string[] => [
  path,
  `${path}/export`,
  `${path}/bulk-delete`,
  itemPathOf(path),
];

/** A declaration read from its schema, with what the derivation needs beyond what it exposes. */
interface Declared extends ResourceDeclaration {
  readonly roles: readonly ResourceRole[];
  readonly defaultSort: string | null;
  /** Query parameters of list and export beyond the fields' `x-filter`s, as written (a `$ref`). */
  readonly extraFilters: readonly JsonObject[];
  readonly item: JsonObject;
  readonly properties: JsonObject;
  readonly fail: (problem: string) => never;
}

function failFor(schema: string): (problem: string) => never {
  return (problem) => {
    throw new ContractError(`openapi.yaml: x-resource of components.schemas.${schema} ${problem}`);
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function readNoun(value: unknown, fail: (problem: string) => never): ResourceNoun {
  if (!isObject(value) || !isText(value.zh) || !isText(value.en) || !isText(value.enPlural)) {
    return fail('needs noun: { zh, en, enPlural }, the words its summaries use');
  }
  return { zh: value.zh, en: value.en, enPlural: value.enPlural };
}

function readRoles(value: unknown, fail: (problem: string) => never): ResourceRole[] {
  if (value === undefined) return [...resourceRoles];
  if (!Array.isArray(value)) return fail(`has operations ${JSON.stringify(value)}; it must be a list`);
  const known: readonly unknown[] = resourceRoles;
  for (const [index, role] of value.entries()) {
    if (!known.includes(role)) {
      fail(`has an unknown operation ${JSON.stringify(role)}; it knows ${resourceRoles.join(', ')}`);
    }
    if (value.indexOf(role) !== index) fail(`lists the operation ${String(role)} twice`);
  }
  return resourceRoles.filter((role) => value.includes(role));
}

/** Every `x-resource` of the document's schemas, checked; operationIds as the document has them. */
export function resourceDeclarations(doc: unknown): ResourceDeclaration[] {
  return readDeclarations(doc).map(({ schema, path, itemPath, plural, access, noun, operationIds }) => ({
    schema,
    path,
    itemPath,
    plural,
    access,
    noun,
    operationIds,
  }));
}

function readDeclarations(doc: unknown): Declared[] {
  const schemas = isObject(doc) && isObject(doc.components) ? doc.components.schemas : undefined;
  const byId = operationsById(doc);
  const declared = Object.entries(isObject(schemas) ? schemas : {}).flatMap(([schema, item]) =>
    isObject(item) && item['x-resource'] !== undefined ? [readDeclaration(schema, item, byId)] : [],
  );
  for (const [index, one] of declared.entries()) {
    const earlier = declared.slice(0, index).find((other) => other.path === one.path);
    if (earlier) one.fail(`has path ${one.path}, which ${earlier.schema} declares too`);
  }
  return declared;
}

function readDeclaration(
  schema: string,
  item: JsonObject,
  byId: ReturnType<typeof operationsById>,
): Declared {
  const fail = failFor(schema);
  const declaration = item['x-resource'];
  if (!isObject(declaration)) return fail('must be an object: { path, access, noun, ... }');
  const unknown = Object.keys(declaration).filter((key) => !declarationKeys.includes(key));
  if (unknown.length > 0)
    fail(`has unknown keys ${unknown.join(', ')}; it knows ${declarationKeys.join(', ')}`);
  const { path, access, plural = `${schema}s`, defaultSort = null, filters = [] } = declaration;
  if (!isText(path) || !/^\/[^{}]*[^/{}]$/.test(path)) {
    fail(`has path ${JSON.stringify(path)}; it must start with / and name the collection, without {}`);
  }
  if (!isText(access)) fail('needs access, the x-access key of its operations');
  if (!isText(plural) || !/^[A-Z][A-Za-z0-9]*$/.test(plural)) {
    fail(`has plural ${JSON.stringify(plural)}; it must be a PascalCase word such as ${schema}s`);
  }
  if (defaultSort !== null && !isText(defaultSort)) fail('has a defaultSort that is not a field name');
  // A filter no field holds (a fact computed from other tables) is a parameter written once.
  if (!Array.isArray(filters) || !filters.every(isObject)) {
    fail('has filters that are not a list of query parameters (each usually a $ref)');
  }
  const properties = isObject(item.properties) ? item.properties : fail('is on a schema without properties');
  const roles = readRoles(declaration.operations, fail);
  const noun = readNoun(declaration.noun, fail);
  const collection = path as string;
  const operationIds: Partial<Record<ResourceRole, string>> = {};
  for (const role of roles) {
    const rule = roleRules[role];
    const at = rule.at(collection);
    const written = [...byId.values()].find((info) => info.method === rule.method && info.path === at);
    const derived = rule.id(schema, plural as string);
    const elsewhere = byId.get(derived);
    if (written === undefined && elsewhere !== undefined) {
      fail(
        `derives ${derived} for ${rule.method.toUpperCase()} ${at}, but ${elsewhere.method.toUpperCase()} ${elsewhere.path} already has that operationId`,
      );
    }
    operationIds[role] = written?.id ?? derived;
  }
  return {
    schema,
    path: collection,
    itemPath: itemPathOf(collection),
    plural: plural as string,
    access: access as string,
    noun,
    operationIds,
    roles,
    defaultSort: defaultSort as string | null,
    extraFilters: filters as JsonObject[],
    item,
    properties,
    fail,
  };
}

/**
 * The document with every `x-resource` expanded, and the declarations. The input is not changed;
 * a declaration of a bad shape is a ContractError naming its schema.
 */
export function expandResources(doc: unknown): { document: JsonObject; resources: ResourceDeclaration[] } {
  const declared = readDeclarations(doc);
  const document = structuredClone(isObject(doc) ? doc : {}) as Record<string, unknown>;
  for (const one of declared) expandOne(document, one);
  return { document, resources: resourceDeclarations(document) };
}

type Mutable = Record<string, unknown>;

// The document is the reader's own clone, so the expansion may write into it.
const isMutable = (value: unknown): value is Mutable => isObject(value);

function objectIn(parent: Mutable, key: string): Mutable {
  const found = parent[key];
  if (isMutable(found)) return found;
  const made: Mutable = {};
  parent[key] = made;
  return made;
}

/** Puts `entries` into `record` before (or after) `anchor`, keeping the rest of its order. */
function placed(
  record: Mutable,
  anchor: string,
  where: 'before' | 'after',
  entries: [string, unknown][],
): Mutable {
  const list = Object.entries(record);
  const index = list.findIndex(([key]) => key === anchor);
  const at = index < 0 ? list.length : where === 'before' ? index : index + 1;
  list.splice(at, 0, ...entries);
  return Object.fromEntries(list);
}

const ref = (section: string, name: string) => ({ $ref: `#/components/${section}/${name}` });
const json = (schema: JsonObject) => ({ content: { 'application/json': { schema } } });

function envelopeOf(data: JsonObject): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['success', 'code', 'msg', 'data'],
    properties: { success: { const: true }, code: { const: '0' }, msg: { type: 'string' }, data },
  };
}

function expandOne(document: Mutable, one: Declared): void {
  const components = objectIn(document, 'components');
  const schemas = objectIn(components, 'schemas');
  const parameters = objectIn(components, 'parameters');
  const has = (role: ResourceRole) => one.roles.includes(role);
  const name = (suffix: string) => `${one.schema}${suffix}`;
  const missing = (suffix: string, wanted: boolean) => wanted && schemas[name(suffix)] === undefined;

  const before: [string, unknown][] = [];
  const after: [string, unknown][] = [];
  if (missing('Input', has('create') || has('update'))) before.push([name('Input'), inputSchema(one)]);
  if (missing('Page', has('list'))) {
    after.push([
      name('Page'),
      {
        type: 'object',
        additionalProperties: false,
        required: ['items', 'total', 'totalCapped', 'page', 'pageSize'],
        properties: {
          items: { type: 'array', items: ref('schemas', one.schema) },
          total: { type: 'integer' },
          totalCapped: ref('schemas', 'TotalCapped'),
          page: { type: 'integer' },
          pageSize: { type: 'integer' },
        },
      },
    ]);
  }
  if (missing('Envelope', has('get') || has('create') || has('update'))) {
    after.push([name('Envelope'), envelopeOf(ref('schemas', one.schema))]);
  }
  if (missing('PageEnvelope', has('list')))
    after.push([name('PageEnvelope'), envelopeOf(ref('schemas', name('Page')))]);
  let reordered = placed(schemas, one.schema, 'before', before);
  reordered = placed(reordered, one.schema, 'after', after);
  components.schemas = reordered;

  const listing = has('list') || has('export');
  const sortName = name('Sort');
  const writtenSort = parameters[sortName];
  if (listing && writtenSort === undefined) parameters[sortName] = sortParameter(one);
  if (isObject(writtenSort) && (writtenSort.name !== 'sort' || writtenSort.in !== 'query')) {
    one.fail(
      `derives the parameter ${sortName}, but components.parameters.${sortName} is not the sort query parameter`,
    );
  }
  const filters = listing ? [...filterParameters(document, one), ...one.extraFilters] : [];
  const tag = one.schema.charAt(0).toLowerCase() + one.schema.slice(1);
  addTag(document, tag, one.noun);
  for (const role of one.roles) addOperation(document, one, role, deriveOperation(one, role, tag, filters));
}

/** The item's writable properties: what create and update take unless the document says otherwise. */
function inputSchema(one: Declared): JsonObject {
  const properties = Object.entries(one.properties).filter(
    ([, property]) => !(isObject(property) && property.readOnly === true),
  );
  const writable = properties.map(([field]) => field);
  const required = (Array.isArray(one.item.required) ? one.item.required : []).filter((field) =>
    writable.includes(String(field)),
  );
  return {
    type: 'object',
    additionalProperties: false,
    ...(required.length > 0 ? { required } : {}),
    properties: Object.fromEntries(properties),
  };
}

function sortParameter(one: Declared): JsonObject {
  const { properties } = one;
  const sortable = Object.entries(properties).flatMap(([field, property]) => {
    const flag = isObject(property) ? property['x-sort'] : undefined;
    if (flag !== undefined && typeof flag !== 'boolean')
      one.fail(
        `cannot use ${one.schema}.${field}'s x-sort ${JSON.stringify(flag)}: it must be true or false`,
      );
    return flag === true ? [field, `-${field}`] : [];
  });
  const wanted = one.defaultSort ?? ('createdAt' in properties ? '-createdAt' : '-id');
  if (!sortable.includes(wanted)) {
    one.fail(
      `sorts by ${wanted} by default, which is not among its x-sort fields (${sortable.join(', ') || 'none'}); mark the field x-sort: true or set defaultSort`,
    );
  }
  return {
    name: 'sort',
    in: 'query',
    description: "A field to sort by, '-' first for descending.",
    schema: { type: 'string', enum: sortable, default: wanted },
  };
}

const annotations = [
  'description',
  'title',
  'readOnly',
  'writeOnly',
  'default',
  'examples',
  'example',
  'deprecated',
];

/** A property's schema as a filter value: its `$ref`, or its rules without null and annotations. */
function valueSchema(property: JsonObject): JsonObject {
  if (typeof property.$ref === 'string') return { $ref: property.$ref };
  const members = Array.isArray(property.oneOf) ? property.oneOf.filter(isObject) : [];
  const nonNull = members.filter((member) => member.type !== 'null');
  const [only] = nonNull;
  if (members.length === 2 && only !== undefined && nonNull.length === 1) return valueSchema(only);
  const kept = Object.entries(property).filter(
    ([key]) => !annotations.includes(key) && !key.startsWith('x-'),
  );
  const rules: Mutable = Object.fromEntries(kept);
  if (Array.isArray(rules.type)) {
    const types = rules.type.filter((type) => type !== 'null');
    rules.type = types.length === 1 ? types[0] : types;
  }
  return rules;
}

/** The query parameters the properties' `x-filter` ask for, in the item's order. */
function filterParameters(document: Mutable, one: Declared): JsonObject[] {
  return Object.entries(one.properties).flatMap(([field, property]): JsonObject[] => {
    const how = isObject(property) ? property['x-filter'] : undefined;
    if (how === undefined || !isObject(property)) return [];
    const where = `cannot use ${one.schema}.${field}'s x-filter ${JSON.stringify(how)}`;
    if (!filterModes.includes(String(how))) one.fail(`${where}: it must be one of ${filterModes.join(', ')}`);
    if (how === 'contains') {
      const resolved = valueSchema(deref(document, property));
      if (resolved.type !== 'string') one.fail(`${where}: ${one.schema}.${field} is not a string`);
      const maxLength = resolved.maxLength;
      const schema = { type: 'string', ...(maxLength === undefined ? {} : { maxLength }) };
      return [{ name: field, in: 'query', 'x-filter': 'contains', schema }];
    }
    const schema = valueSchema(property);
    if (how === 'equals') return [{ name: field, in: 'query', 'x-filter': 'equals', schema }];
    return (['from', 'to'] as const).map((end) => ({
      name: `${field}${end === 'from' ? 'From' : 'To'}`,
      in: 'query',
      'x-filter': end,
      'x-field': field,
      schema,
    }));
  });
}

function addTag(document: Mutable, tag: string, noun: ResourceNoun): void {
  const tags = Array.isArray(document.tags) ? document.tags : [];
  if (tags.some((entry) => isObject(entry) && entry.name === tag)) return;
  const plural = noun.enPlural.charAt(0).toUpperCase() + noun.enPlural.slice(1);
  document.tags = [...tags, { name: tag, description: `${noun.zh} / ${plural}` }];
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

function deriveOperation(one: Declared, role: ResourceRole, tag: string, filters: JsonObject[]): JsonObject {
  const { zh, en, enPlural } = one.noun;
  const envelope = json(ref('schemas', `${one.schema}Envelope`));
  const input = { requestBody: { required: true, ...json(ref('schemas', `${one.schema}Input`)) } };
  const sort = ref('parameters', `${one.schema}Sort`);
  const derived: Record<ResourceRole, [string, JsonObject, string, JsonObject]> = {
    list: [
      `${zh}列表 / List ${enPlural}`,
      { parameters: [ref('parameters', 'Page'), ref('parameters', 'PageSize'), sort, ...filters] },
      `One page of ${enPlural}.`,
      json(ref('schemas', `${one.schema}PageEnvelope`)),
    ],
    get: [`${zh}详情 / One ${en}`, {}, `The ${en}.`, envelope],
    create: [`新增${zh} / Add ${withArticle(en)}`, input, `The new ${en}.`, envelope],
    update: [`编辑${zh} / Change ${withArticle(en)}`, input, `The changed ${en}.`, envelope],
    delete: [`删除${zh} / Delete ${withArticle(en)}`, {}, 'Deleted.', json(ref('schemas', 'EmptyEnvelope'))],
    bulkDelete: [
      `批量删除${zh} / Delete several ${enPlural}`,
      { requestBody: { required: true, ...json(ref('schemas', 'IdList')) } },
      'How many were deleted.',
      json(ref('schemas', 'DeletedCountEnvelope')),
    ],
    export: [
      `导出${zh} / Export ${enPlural} as CSV`,
      {
        description: `Every ${en} the filters select, in the sort order, streamed as a UTF-8 CSV file.`,
        parameters: [ref('parameters', 'TimeZone'), sort, ...filters],
      },
      'The CSV file (content-disposition attachment).',
      { content: { 'text/csv': { schema: { type: 'string' } } } },
    ],
  };
  const [summary, extra, answer, content] = derived[role];
  const { description, ...rest } = extra;
  return {
    tags: [tag],
    operationId: one.operationIds[role],
    summary,
    ...(description === undefined ? {} : { description }),
    'x-access': one.access,
    ...rest,
    responses: { '200': { description: answer, ...content }, default: ref('responses', 'Failure') },
  };
}

/** Adds a derived operation unless one is written at its method and path; new paths go in standard order. */
function addOperation(document: Mutable, one: Declared, role: ResourceRole, operation: JsonObject): void {
  const { method, at } = roleRules[role];
  const path = at(one.path);
  const paths = objectIn(document, 'paths');
  const existing = paths[path];
  if (isMutable(existing)) {
    if (existing[method] !== undefined) return;
    const needsId = path === one.itemPath && !Array.isArray(existing.parameters);
    existing[method] = needsId ? { ...operation, parameters: [ref('parameters', 'Id')] } : operation;
    return;
  }
  const item =
    path === one.itemPath
      ? { parameters: [ref('parameters', 'Id')], [method]: operation }
      : { [method]: operation };
  const order = standardPaths(one.path);
  const rank = order.indexOf(path);
  const keys = Object.keys(paths);
  const later = keys.find((key) => order.indexOf(key) > rank);
  const own = keys.filter((key) => key === one.path || key.startsWith(`${one.path}/`)).at(-1);
  document.paths =
    later !== undefined
      ? placed(paths, later, 'before', [[path, item]])
      : placed(paths, own ?? '', 'after', [[path, item]]);
}
