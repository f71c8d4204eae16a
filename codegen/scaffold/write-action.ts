import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import { handlerExportOf, handlerFileOf } from '../../contract/handler-files';
import { parseContract } from '../../contract/read-contract';
import { resourceDeclarations } from '../../contract/x-resource';
import { handlerModulesDir, inputFiles } from '../inputs';
import { actionOperationId, type ActionSpec } from './action-spec';
import { SpecError, type FieldSpec, type LocalText } from './field-specs';
import { enumSchemaLines, flow, manifestField, propertyEntries, scalar } from './resource-texts';
import { kebabCase, snakeCase } from './resource-spec';
import { formatLikeRepo, nextLineStart } from './write-resource';

// A row action (new:action): its operation in openapi.yaml, its button in the manifest and its
// handler file, found by convention. openapi.yaml and the manifest are edited as text, so every
// other line keeps the layout it was written in.

type Json = Record<string, unknown>;

/** What the resource already states that the action follows: its path, key, tag, table and label. */
export interface ActionFacts {
  readonly operationId: string;
  /** `/vehicles/{id}/block`. */
  readonly path: string;
  readonly access: string;
  readonly tag: string;
  /** The table of the resource's rows, `vehicles`. */
  readonly table: string;
  /** The column naming a row in the operation log after its id, when the item has a name. */
  readonly labelColumn: string | null;
  /** The request body's schema, when the action has a form. */
  readonly bodySchema: string | null;
}

const capitalized = (name: string): string => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function manifestResource(manifest: Json, schema: string): Json {
  const resources = Array.isArray(manifest.resources) ? (manifest.resources as unknown[]) : [];
  const resource = resources.find((entry) => isObject(entry) && entry.schema === schema);
  if (!isObject(resource)) throw new SpecError(`the manifest has no resource over ${schema}`);
  return resource;
}

/**
 * The facts of the action on the resource, refusing an action or operation already there;
 * `labelField` is the one the resource's definition names, if it names one.
 */
export function actionFacts(
  openapiText: string,
  manifest: Json,
  spec: ActionSpec,
  labelField?: string,
): ActionFacts {
  const document = parseContract(openapiText).document as Json;
  const resource = manifestResource(manifest, spec.schema);
  const declared = resourceDeclarations(document).find((entry) => entry.schema === spec.schema);
  const operations = isObject(resource.operations) ? resource.operations : {};
  const getId = (operations.get as string | undefined) ?? declared?.operationIds.get;
  const paths = isObject(document.paths) ? document.paths : {};
  const [itemPath, item] =
    Object.entries(paths).find(
      ([, entry]) => isObject(entry) && isObject(entry.get) && entry.get.operationId === getId,
    ) ?? [];
  if (itemPath === undefined || !isObject(item) || !isObject(item.get))
    throw new SpecError(`${spec.schema} has no get operation in openapi.yaml: a row action acts on one item`);
  const operationId = actionOperationId(spec);
  const path = `${itemPath}/${kebabCase(spec.action)}`;
  const taken = Object.values(paths).some(
    (entry) =>
      isObject(entry) && Object.values(entry).some((op) => isObject(op) && op.operationId === operationId),
  );
  if (taken) throw new SpecError(`openapi.yaml already has an operation ${operationId}`);
  if (path in paths) throw new SpecError(`openapi.yaml already has the path ${path}`);
  const actions = Array.isArray(resource.actions) ? (resource.actions as Json[]) : [];
  if (actions.some((entry) => entry.name === spec.action))
    throw new SpecError(
      `the manifest's resource ${String(resource.name)} already has an action ${spec.action}`,
    );
  const itemSchema = (document.components as { schemas?: Record<string, Json> } | undefined)?.schemas?.[
    spec.schema
  ];
  const properties = isObject(itemSchema?.properties) ? itemSchema.properties : {};
  const tags = Array.isArray(item.get.tags) ? (item.get.tags as string[]) : [];
  return {
    operationId,
    path,
    access: String(resource.access),
    tag: tags[0] ?? spec.schema,
    table: snakeCase(declared?.plural ?? `${spec.schema}s`),
    labelColumn: labelField !== undefined ? snakeCase(labelField) : 'name' in properties ? 'name' : null,
    bodySchema: spec.fields.length > 0 ? `${spec.schema}${capitalized(spec.action)}Body` : null,
  };
}

/** The action's path, under the resource's item path, with its operation. */
function pathLines(spec: ActionSpec, facts: ActionFacts): string[] {
  return [
    `  ${facts.path}:`,
    `    parameters:`,
    `      - $ref: '#/components/parameters/Id'`,
    `    post:`,
    `      tags: [${facts.tag}]`,
    `      operationId: ${facts.operationId}`,
    `      summary: ${scalar(`${spec.label.zh} / ${spec.label.en}`)}`,
    `      x-access: ${facts.access}`,
    ...(facts.bodySchema === null
      ? []
      : [
          `      requestBody:`,
          `        required: true`,
          `        content:`,
          `          application/json:`,
          `            schema: { $ref: '#/components/schemas/${facts.bodySchema}' }`,
        ]),
    `      responses:`,
    `        '200':`,
    `          description: Done.`,
    `          content:`,
    `            application/json:`,
    `              schema: { $ref: '#/components/schemas/EmptyEnvelope' }`,
    `        default: { $ref: '#/components/responses/Failure' }`,
  ];
}

/** The request body's schema and its enum fields' own schemas, as components.schemas writes them. */
function bodySchemaLines(spec: ActionSpec, bodySchema: string): string[] {
  const owner = { schema: bodySchema };
  const required = spec.fields.filter((field) => field.flags.has('required')).map((field) => field.name);
  return [
    ...spec.fields.flatMap((field) => enumSchemaLines(owner, field)),
    `    ${bodySchema}:`,
    `      type: object`,
    `      additionalProperties: false`,
    ...(required.length > 0 ? [`      required: [${required.join(', ')}]`] : []),
    `      properties:`,
    ...spec.fields.map((field) => `        ${field.name}: ${flow(propertyEntries(owner, field))}`),
  ];
}

/** openapi.yaml with the action's path at the end of paths and its body's schema at the end of components.schemas. */
export function addActionToOpenapi(text: string, spec: ActionSpec, facts: ActionFacts): string {
  const doc = parseDocument(text);
  const paths = doc.get('paths', true);
  const schemas = doc.getIn(['components', 'schemas'], true);
  if (!isMap(paths) || !paths.range) throw new SpecError('openapi.yaml has no paths map');
  if (!isMap(schemas) || !schemas.range) throw new SpecError('openapi.yaml has no components.schemas map');
  const taken = facts.bodySchema !== null && schemas.has(facts.bodySchema);
  if (taken) throw new SpecError(`openapi.yaml already has a schema ${facts.bodySchema}`);
  const insertions = [
    { at: nextLineStart(text, paths.range[1] - 1), lines: pathLines(spec, facts) },
    ...(facts.bodySchema === null
      ? []
      : [{ at: nextLineStart(text, schemas.range[1] - 1), lines: bodySchemaLines(spec, facts.bodySchema) }]),
  ].sort((a, b) => b.at - a.at);
  return insertions.reduce(
    (result, { at, lines }) => `${result.slice(0, at)}${lines.join('\n')}\n${result.slice(at)}`,
    text,
  );
}

/** The action's entry among the resource's row actions in the manifest: its button, its question, its form. */
function manifestAction(spec: ActionSpec, operationId: string): Json {
  const fields = spec.fields.map((field: FieldSpec) => {
    const { name, label, widget, options } = manifestField(field);
    return { name, label, widget, ...(options === undefined ? {} : { options }) };
  });
  return {
    name: spec.action,
    operation: operationId,
    label: spec.label,
    ...(spec.confirm === undefined ? {} : { confirm: spec.confirm }),
    ...(fields.length > 0 ? { fields } : {}),
  };
}

/** The manifest with the action after the resource's others (or its first, before its fields). */
export function addActionToManifest(text: string, spec: ActionSpec, operationId: string): string {
  const doc = parseDocument(text);
  const resources = doc.get('resources', true);
  if (doc.errors.length || !isSeq(resources))
    throw new SpecError('manifest/console.json has no resources list');
  const resource = resources.items.find((entry) => isMap(entry) && entry.get('schema') === spec.schema);
  if (!isMap(resource)) throw new SpecError(`the manifest has no resource over ${spec.schema}`);
  const entry = JSON.stringify(manifestAction(spec, operationId));
  const actions = resource.get('actions', true);
  const last = isSeq(actions) ? actions.items.at(-1) : undefined;
  if (isMap(last) && last.range)
    return `${text.slice(0, last.range[1])},${entry}${text.slice(last.range[1])}`;
  const fields = resource.items.find(
    (pair) => isMap(resource) && String((pair.key as { value?: unknown }).value) === 'fields',
  );
  const at = (fields?.key as { range?: [number, number, number] } | undefined)?.range?.[0];
  if (at === undefined) throw new SpecError(`the manifest's resource over ${spec.schema} has no fields`);
  return `${text.slice(0, at)}"actions": [${entry}], ${text.slice(at)}`;
}

/** A TypeScript string literal in the repository's quotes. */
const quoted = (value: string): string => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const textLiteral = ({ zh, en }: LocalText): string => `{ zh: ${quoted(zh)}, en: ${quoted(en)} }`;

/**
 * The handler file: it loads the row in a transaction (a 404 envelope when there is none) and names
 * it and what was done in the operation log entry the pipeline writes; the product's change goes in
 * the transaction.
 */
export function handlerText(spec: ActionSpec, facts: ActionFacts): string {
  const { labelColumn } = facts;
  return [
    "import type { SomeOperationHandlers } from '../operations/operation-handler';",
    "import { notFound } from '../resources/resource-service';",
    "import { selectById } from '../resources/resource-store';",
    '',
    `/** ${spec.label.zh} / ${spec.label.en}: a row action of ${facts.table} (POST ${facts.path}). */`,
    `export const ${handlerExportOf(handlerFileOf(facts.operationId))} = {`,
    `  async ${facts.operationId}(input, ctx) {`,
    '    const { id } = input.params;',
    '    input.audit.target = `#${id}`;',
    `    ${labelColumn === null ? '' : 'const row = '}await ctx.db.transaction().execute(async (trx) => {`,
    `      const found = await selectById(trx, '${facts.table}', id);`,
    '      if (!found) throw notFound(id);',
    ...(labelColumn === null ? [] : ['      return found;']),
    '    });',
    ...(labelColumn === null ? [] : [`    input.audit.target = \`#\${id} \${String(row.${labelColumn})}\`;`]),
    `    input.audit.detail = ${textLiteral(spec.label)};`,
    '    return null;',
    '  },',
    '} satisfies SomeOperationHandlers;',
    '',
  ].join('\n');
}

/** The texts of the files of server/ that define the resource (`schema: 'Vehicle'`), by path from server/. */
function definitionsOf(rootDir: string, schema: string): Map<string, string> {
  const dir = join(rootDir, handlerModulesDir);
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  return new Map(
    files
      .map((file) => [file.split(sep).join('/'), readFileSync(join(dir, file), 'utf8')] as const)
      .filter(([, text]) => text.includes(`schema: '${schema}'`)),
  );
}

function roomOf(rootDir: string, spec: ActionSpec, definitions: ReadonlyMap<string, string>): string {
  if (spec.room !== undefined) {
    const dir = join(rootDir, handlerModulesDir, spec.room);
    if (!existsSync(dir) || !statSync(dir).isDirectory())
      throw new SpecError(`--room ${spec.room}: there is no folder ${handlerModulesDir}/${spec.room}`);
    return spec.room;
  }
  const [room, ...others] = new Set([...definitions.keys()].map((file) => posix.dirname(file)));
  if (room === undefined || room === '.' || others.length > 0)
    throw new SpecError(
      `${room === undefined ? 'no' : 'more than one'} folder of server/ defines ${spec.schema}; name the one its handler goes in with --room (a room of lint/rooms.js, e.g. door)`,
    );
  return room;
}

/** Writes the action into the repository at `rootDir`; returns the files written. */
export async function writeAction(rootDir: string, spec: ActionSpec): Promise<string[]> {
  const openapiPath = join(rootDir, inputFiles.openapi);
  const manifestPath = join(rootDir, inputFiles.manifest);
  const openapiText = readFileSync(openapiPath, 'utf8');
  const manifestText = readFileSync(manifestPath, 'utf8');
  const definitions = definitionsOf(rootDir, spec.schema);
  const labelField = [...definitions.values()]
    .map((text) => /labelField: '(?<field>\w+)'/.exec(text)?.groups?.field)
    .find((field) => field !== undefined);
  const facts = actionFacts(openapiText, JSON.parse(manifestText) as Json, spec, labelField);
  const room = roomOf(rootDir, spec, definitions);
  const handlerFile = `${handlerModulesDir}/${room}/${handlerFileOf(facts.operationId)}`;
  if (existsSync(join(rootDir, handlerFile))) throw new SpecError(`${handlerFile} exists already`);
  // Checked and built in full before the first write, so a refusal leaves every file as it was.
  const openapi = addActionToOpenapi(openapiText, spec, facts);
  const manifest = await formatLikeRepo(
    addActionToManifest(manifestText, spec, facts.operationId),
    manifestPath,
  );
  const handler = await formatLikeRepo(handlerText(spec, facts), join(rootDir, handlerFile));
  writeFileSync(openapiPath, openapi);
  writeFileSync(manifestPath, manifest);
  mkdirSync(join(rootDir, handlerFile, '..'), { recursive: true });
  writeFileSync(join(rootDir, handlerFile), handler);
  return [inputFiles.openapi, inputFiles.manifest, handlerFile];
}
