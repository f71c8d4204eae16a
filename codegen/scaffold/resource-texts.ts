import { stringify } from 'yaml';
import { SpecError, type FieldSpec } from './field-specs';
import { enumSchemaName, kebabCase, parentOf, snakeCase, type ResourceSpec } from './resource-spec';

// The three pieces a new resource is stated in: its schema in openapi.yaml, its manifest entry and
// its migration. Everything else (paths, operations, input/page/envelope schemas, the server's
// handlers and column mapping, the screen) is derived from these.

type Json = Record<string, unknown>;

/** A YAML scalar as it must be written inside a flow map (quoted only when it has to be). */
export function scalar(value: string | number | boolean): string {
  return stringify(value).trimEnd();
}

export function flow(entries: readonly (readonly [string, string])[]): string {
  return `{ ${entries.map(([key, value]) => `${key}: ${value}`).join(', ')} }`;
}

function filterOf(field: FieldSpec): string | null {
  if (!field.flags.has('search')) return null;
  switch (field.type.kind) {
    case 'string':
    case 'text':
      return 'contains';
    case 'date':
    case 'datetime':
      return 'range';
    default:
      return 'equals';
  }
}

/** A field's property in the item schema, as the entries of its flow map. */
export function propertyEntries(spec: Pick<ResourceSpec, 'schema'>, field: FieldSpec): [string, string][] {
  const required = field.flags.has('required');
  const nullable = (type: string) => (required ? type : `[${type}, 'null']`);
  const type = field.type;
  const entries: [string, string][] = [];
  switch (type.kind) {
    case 'string':
    case 'text':
      entries.push(['type', nullable('string')]);
      if (required) entries.push(['minLength', '1']);
      entries.push(['maxLength', String(type.maxLength)]);
      break;
    case 'date':
    case 'datetime':
      entries.push(['type', nullable('string')], ['format', type.kind === 'date' ? 'date' : 'date-time']);
      break;
    case 'enum': {
      const ref = `{ $ref: '#/components/schemas/${enumSchemaName(spec, field)}' }`;
      if (required) entries.push(['$ref', `'#/components/schemas/${enumSchemaName(spec, field)}'`]);
      else entries.push(['oneOf', `[${ref}, { type: 'null' }]`]);
      break;
    }
    default:
      entries.push(['type', nullable(type.kind)]);
  }
  const filter = filterOf(field);
  if (filter) entries.push(['x-filter', filter]);
  if (field.flags.has('sort')) entries.push(['x-sort', 'true']);
  if (field.flags.has('unique')) entries.push(['x-unique', 'true']);
  return entries;
}

/** An enum field's own schema under components.schemas, indented as openapi.yaml writes it; none for others. */
export function enumSchemaLines(spec: Pick<ResourceSpec, 'schema'>, field: FieldSpec): string[] {
  if (field.type.kind !== 'enum') return [];
  return [
    `    ${enumSchemaName(spec, field)}:`,
    `      type: string`,
    `      enum: [${field.type.values.map((entry) => scalar(entry.value)).join(', ')}]`,
  ];
}

/** The schemas to add under components.schemas, indented as openapi.yaml writes them. */
export function openapiSchemasText(spec: ResourceSpec): string {
  const enums = spec.fields.flatMap((field) => enumSchemaLines(spec, field));
  const noun = flow([
    ['zh', scalar(spec.title.zh)],
    ['en', scalar(spec.singular)],
    ['enPlural', scalar(spec.title.en.toLowerCase())],
  ]);
  const required = ['id', ...spec.fields.filter((field) => field.flags.has('required')).map((f) => f.name)];
  const lines = [
    ...enums,
    `    ${spec.schema}:`,
    `      description: ${scalar(`${spec.title.zh} / ${spec.title.en}`)}`,
    `      x-resource:`,
    `        path: /${kebabCase(spec.plural)}`,
    `        access: ${spec.key}`,
    `        noun: ${noun}`,
    ...(spec.plural === `${spec.schema}s` ? [] : [`        plural: ${spec.plural}`]),
    `      type: object`,
    `      additionalProperties: false`,
    `      required: [${[...required, 'createdAt', 'updatedAt'].join(', ')}]`,
    `      properties:`,
    `        id: { type: integer, readOnly: true }`,
    ...spec.fields.map((field) => `        ${field.name}: ${flow(propertyEntries(spec, field))}`),
    `        createdAt: { type: string, format: date-time, readOnly: true, x-sort: true }`,
    `        updatedAt: { type: string, format: date-time, readOnly: true }`,
  ];
  return `${lines.join('\n')}\n`;
}

const widgetOf: Record<FieldSpec['type']['kind'], string> = {
  string: 'text',
  text: 'textarea',
  integer: 'number',
  number: 'number',
  boolean: 'switch',
  date: 'date',
  datetime: 'datetime',
  enum: 'select',
};

/** A field's entry in the manifest resource: where it shows, its widget and its enum labels. */
export function manifestField(field: FieldSpec): Json {
  const show = [
    ...(field.type.kind === 'text' ? [] : ['table']),
    ...(field.flags.has('search') ? ['search'] : []),
    'form',
    'detail',
  ];
  const options =
    field.type.kind === 'enum'
      ? { options: Object.fromEntries(field.type.values.map((entry) => [entry.value, entry.label])) }
      : {};
  return { name: field.name, label: field.label, show, widget: widgetOf[field.type.kind], ...options };
}

interface ManifestRoute extends Json {
  path: string;
  modules?: string[];
  children?: ManifestRoute[];
}

function findRoute(routes: readonly ManifestRoute[], path: string): ManifestRoute | null {
  for (const route of routes) {
    if (route.path === path) return route;
    const inside = findRoute(route.children ?? [], path);
    if (inside) return inside;
  }
  return null;
}

/** Adds the key beside its siblings, the route under its group and the resource to a parsed manifest. */
export function addToManifest(manifest: Json, spec: ResourceSpec): void {
  const keys = manifest.accessKeys as Json[];
  const resources = manifest.resources as Json[];
  const routes = manifest.routes as ManifestRoute[];
  const parentKey = parentOf(spec.key, '.');
  if (!keys.some((entry) => entry.key === parentKey))
    throw new SpecError(`the manifest has no access key ${parentKey} to hold ${spec.key}`);
  if (keys.some((entry) => entry.key === spec.key))
    throw new SpecError(`the manifest already has the access key ${spec.key}`);
  if (resources.some((entry) => entry.name === spec.name || entry.schema === spec.schema))
    throw new SpecError(`the manifest already has a resource ${spec.name} or one over ${spec.schema}`);
  if (findRoute(routes, spec.route)) throw new SpecError(`the manifest already has the route ${spec.route}`);
  const group = findRoute(routes, parentOf(spec.route, '/'));
  if (!group)
    throw new SpecError(`the manifest has no menu group ${parentOf(spec.route, '/')} for ${spec.route}`);

  const lastSibling = keys.findLastIndex((entry) => entry.key === parentKey || entry.parent === parentKey);
  keys.splice(lastSibling + 1, 0, { key: spec.key, label: spec.title, parent: parentKey });
  (group.children ??= []).push({
    path: spec.route,
    name: spec.title,
    ...(group.modules ? { modules: group.modules } : {}),
    access: spec.key,
    resource: spec.name,
  });
  resources.push({
    name: spec.name,
    title: spec.title,
    access: spec.key,
    schema: spec.schema,
    fields: [
      { name: 'id', label: { zh: '编号', en: 'ID' }, show: ['detail'], widget: 'number' },
      ...spec.fields.map(manifestField),
      {
        name: 'createdAt',
        label: { zh: '创建时间', en: 'Created' },
        show: ['table', 'detail'],
        widget: 'datetime',
      },
      { name: 'updatedAt', label: { zh: '更新时间', en: 'Updated' }, show: ['detail'], widget: 'datetime' },
    ],
  });
}

/** The column's type in the migration: a literal, or one of `columnTypes(db)` by database. */
export function columnType(field: FieldSpec): string {
  switch (field.type.kind) {
    case 'integer':
      return `'integer'`;
    case 'boolean':
      return 't.flag';
    case 'number':
      return 't.real';
    case 'datetime':
      return 't.timestamp';
    default:
      return `'text'`;
  }
}

/**
 * A field's `.addColumn(…)` in a migration; `rules` go between its not-null and its enum check (a
 * unique constraint, or the default filling the rows a table holds).
 */
export function addColumnText(field: FieldSpec, rules: readonly string[] = []): string {
  const column = snakeCase(field.name);
  const all = [
    ...(field.flags.has('required') ? ['.notNull()'] : []),
    ...rules,
    ...(field.type.kind === 'enum'
      ? [`.check(sql\`${column} in (${field.type.values.map((entry) => `'${entry.value}'`).join(', ')})\`)`]
      : []),
  ];
  const builder = all.length ? `, (c) => c${all.join('')}` : '';
  return `.addColumn('${column}', ${columnType(field)}${builder})`;
}

function columnLine(field: FieldSpec): string {
  return `    ${addColumnText(field, field.flags.has('unique') ? ['.unique()'] : [])}`;
}

/** The migration creating the resource's table, with an index for each sorted or searched column. */
export function migrationText(spec: ResourceSpec): string {
  const table = snakeCase(spec.plural);
  const indexed = [
    ...spec.fields
      .filter((field) => !field.flags.has('unique') && (field.flags.has('sort') || field.flags.has('search')))
      .map((field) => snakeCase(field.name)),
    'created_at',
  ];
  const usesSql = spec.fields.some((field) => field.type.kind === 'enum');
  return [
    `import { ${usesSql ? 'sql, ' : ''}type Kysely } from 'kysely';`,
    "import { columnTypes } from '../column-types';",
    '',
    `// ${spec.title.zh} / ${spec.title.en}: one row per item of the ${spec.schema} resource; columns are its`,
    "// fields in snake_case. The indexes serve the list's sort orders and filters (with id, its tie-break).",
    'export async function up(db: Kysely<unknown>): Promise<void> {',
    '  const t = columnTypes(db);',
    '  await db.schema',
    `    .createTable('${table}')`,
    `    .addColumn('id', 'integer', t.identity)`,
    ...spec.fields.map(columnLine),
    `    .addColumn('created_at', t.timestamp, (c) => c.notNull())`,
    `    .addColumn('updated_at', t.timestamp, (c) => c.notNull())`,
    '    .execute();',
    `  for (const column of [${indexed.map((column) => `'${column}'`).join(', ')}]) {`,
    `    await db.schema.createIndex(\`${table}_\${column}\`).on('${table}').columns([column, 'id']).execute();`,
    '  }',
    '}',
    '',
    'export async function down(db: Kysely<unknown>): Promise<void> {',
    `  await db.schema.dropTable('${table}').execute();`,
    '}',
    '',
  ].join('\n');
}

/** `0015-parking-lots.ts` for the stem `parking-lots`, numbered after the migrations already there. */
export function migrationFileName(stem: string, existing: readonly string[]): string {
  const numbers = existing.flatMap((file) => {
    const match = /^(\d{4})-.*\.ts$/.exec(file);
    return match && !file.endsWith('.test.ts') ? [Number(match[1])] : [];
  });
  const next = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  return `${next}-${stem}.ts`;
}
