import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Document, type YAMLMap } from 'yaml';
import { inputFiles } from '../inputs';
import { type FieldAddition } from './field-addition';
import { SpecError } from './field-specs';
import { addFieldToManifest, fieldMigrationStem, fieldMigrationText, insertionIndex } from './field-texts';
import { enumSchemaLines, flow, migrationFileName, propertyEntries } from './resource-texts';
import { enumSchemaName, snakeCase } from './resource-spec';
import { formatLikeRepo, migrationsDir, nextLineStart } from './write-resource';

/** A piece of text to put at an offset of the file as it was read. */
interface Insertion {
  readonly at: number;
  readonly text: string;
}

/**
 * The insertions applied from the last to the first, so each offset still means the text read; of
 * two at one offset, the one listed first comes first.
 */
function applyInsertions(text: string, insertions: readonly Insertion[]): string {
  return insertions
    .map((insertion, order) => ({ ...insertion, order }))
    .sort((a, b) => b.at - a.at || b.order - a.order)
    .reduce((result, { at, text: piece }) => `${result.slice(0, at)}${piece}${result.slice(at)}`, text);
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The spaces before the node starting at `offset`, on its line. */
function indentAt(text: string, offset: number): string {
  return text.slice(lineStartOf(text, offset), offset);
}

function rangeOf(node: unknown): [number, number, number] {
  const range = (node as { range?: [number, number, number] | null }).range;
  if (!range) throw new SpecError('openapi.yaml: a node without its place in the file');
  return range;
}

function propertyNames(schema: YAMLMap): string[] {
  const properties = schema.get('properties', true);
  return isMap(properties)
    ? properties.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : ''))
    : [];
}

/** The property line put after the field at `index - 1` of the schema's properties (or first). */
function propertyInsertion(text: string, schema: YAMLMap, index: number, line: string): Insertion {
  const properties = schema.get('properties', true);
  if (!isMap(properties) || properties.flow || properties.items.length === 0)
    throw new SpecError('openapi.yaml: a schema whose properties are not written as a block map');
  const first = properties.items[0];
  const before = properties.items[index - 1];
  const keyStart = rangeOf(first?.key)[0];
  const indent = indentAt(text, keyStart);
  const at = before
    ? nextLineStart(text, rangeOf(before.value ?? before.key)[1] - 1)
    : lineStartOf(text, keyStart);
  return { at, text: `${indent}${line}\n` };
}

/**
 * The field's name put in the schema's `required` list after the last one of `preceding` it holds
 * (the fields before it, so the list keeps the properties' order), in the list's own style: one
 * line, one item a line (prettier's long flow list) or a block list.
 */
function requiredInsertion(
  text: string,
  schema: YAMLMap,
  preceding: readonly string[],
  name: string,
): Insertion {
  const required = schema.get('required', true);
  if (!isSeq(required)) throw new SpecError('openapi.yaml: a schema whose required is not a list');
  const names = required.items.map((item) => (isScalar(item) ? String(item.value) : ''));
  const anchorName = [...preceding].reverse().find((field) => names.includes(field));
  const anchor = anchorName === undefined ? undefined : required.items[names.indexOf(anchorName)];
  const [start, end] = rangeOf(required);
  const first = required.items[0];
  if (!first) return { at: text.indexOf('[', start) + 1, text: name };
  const oneLine = required.flow && !text.slice(start, end).includes('\n');
  if (oneLine)
    return anchor
      ? { at: rangeOf(anchor)[1], text: `, ${name}` }
      : { at: rangeOf(first)[0], text: `${name}, ` };
  const itemStart = rangeOf(anchor ?? first)[0];
  const lineStart = lineStartOf(text, itemStart);
  const prefix = text.slice(lineStart, itemStart);
  const line = required.flow ? `${prefix}${name},\n` : `${prefix}${name}\n`;
  return { at: anchor ? nextLineStart(text, rangeOf(anchor)[1]) : lineStart, text: line };
}

function schemaMap(doc: Document, name: string): YAMLMap | undefined {
  const node = doc.getIn(['components', 'schemas', name], true);
  return isMap(node) ? node : undefined;
}

/** The insertions into one schema (the item's or its written-out input's): its property and requirement. */
function schemaInsertions(
  text: string,
  schema: YAMLMap,
  addition: FieldAddition,
  entries: [string, string][],
): Insertion[] {
  const names = propertyNames(schema);
  const index = insertionIndex(names, addition.after);
  const { name } = addition.field;
  return [
    propertyInsertion(text, schema, index, `${name}: ${flow(entries)}`),
    ...(addition.field.flags.has('required')
      ? [requiredInsertion(text, schema, names.slice(0, index), name)]
      : []),
  ];
}

export interface ResourceFacts {
  /** The table of its rows, per `x-resource`'s plural: `parking_lots`. */
  readonly table: string;
}

/**
 * openapi.yaml with the field in the item schema (and in its input schema where that is written
 * out), and an enum field's own schema before the item's; inserted as text so every other line stays.
 */
export function addFieldToOpenapi(
  text: string,
  addition: FieldAddition,
): { openapi: string; facts: ResourceFacts } {
  const doc = parseDocument(text);
  if (doc.errors.length) throw new SpecError(`openapi.yaml does not parse: ${doc.errors[0]?.message ?? ''}`);
  const { schema: schemaName, field } = addition;
  const item = schemaMap(doc, schemaName);
  if (!item) throw new SpecError(`openapi.yaml has no schema ${schemaName}`);
  const resource = item.get('x-resource', true);
  if (!isMap(resource))
    throw new SpecError(
      `${schemaName} declares no x-resource: its operations, input, filter and sort parameters are written out in openapi.yaml, so a field is added there by hand`,
    );
  const names = propertyNames(item);
  if (names.includes(field.name)) throw new SpecError(`${schemaName} already has a field ${field.name}`);
  if (addition.after !== undefined && !names.includes(addition.after))
    throw new SpecError(
      `--after ${addition.after}: ${schemaName} has no such field (it has ${names.join(', ')})`,
    );
  const enumLines = enumSchemaLines(addition, field);
  if (enumLines.length > 0 && schemaMap(doc, enumSchemaName(addition, field)))
    throw new SpecError(`openapi.yaml already has a schema ${enumSchemaName(addition, field)}`);

  const entries = propertyEntries(addition, field);
  const input = schemaMap(doc, `${schemaName}Input`);
  if (input && propertyNames(input).includes(field.name))
    throw new SpecError(`${schemaName}Input already has a field ${field.name}`);
  const insertions = [
    ...schemaInsertions(text, item, addition, entries),
    // A written-out input states no list facts: those are read from the item.
    ...(input
      ? schemaInsertions(
          text,
          input,
          addition,
          entries.filter(([key]) => !key.startsWith('x-')),
        )
      : []),
    ...(enumLines.length > 0
      ? [{ at: lineStartOf(text, rangeOf(findKey(doc, schemaName))[0]), text: `${enumLines.join('\n')}\n` }]
      : []),
  ];
  const plural = resource.get('plural');
  const table = snakeCase(typeof plural === 'string' ? plural : `${schemaName}s`);
  const openapi = applyInsertions(text, insertions);
  const written = parseDocument(openapi);
  if (written.errors.length)
    throw new SpecError(
      `openapi.yaml would not parse with ${field.name}: ${written.errors[0]?.message ?? ''}`,
    );
  return { openapi, facts: { table } };
}

/** The key node of a schema under components.schemas, where its lines start. */
function findKey(doc: Document, name: string): unknown {
  const schemas = doc.getIn(['components', 'schemas'], true);
  if (!isMap(schemas)) throw new SpecError('openapi.yaml has no components.schemas map');
  return schemas.items.find((pair) => isScalar(pair.key) && pair.key.value === name)?.key;
}

interface Manifest {
  readonly resources: readonly { readonly schema?: string; readonly title?: { zh: string; en: string } }[];
}

/** The resource's title in the manifest, for the migration's comment. */
function titleOf(manifest: Manifest, schema: string): string {
  const title = manifest.resources.find((entry) => entry.schema === schema)?.title;
  return title ? `${title.zh} / ${title.en}` : schema;
}

/** Writes the field into the repository at `rootDir`; returns the files written. */
export async function writeField(rootDir: string, addition: FieldAddition): Promise<string[]> {
  const openapiPath = join(rootDir, inputFiles.openapi);
  const manifestPath = join(rootDir, inputFiles.manifest);
  const { openapi, facts } = addFieldToOpenapi(readFileSync(openapiPath, 'utf8'), addition);
  const manifestText = await formatLikeRepo(
    addFieldToManifest(readFileSync(manifestPath, 'utf8'), addition),
    manifestPath,
  );
  const migrations = readdirSync(join(rootDir, migrationsDir));
  const creates = migrations.some(
    (file) =>
      file.endsWith('.ts') &&
      readFileSync(join(rootDir, migrationsDir, file), 'utf8').includes(`.createTable('${facts.table}')`),
  );
  if (!creates)
    throw new SpecError(
      `no migration in ${migrationsDir} creates the table ${facts.table} that holds ${addition.schema}'s rows`,
    );
  const migrationFile = join(
    migrationsDir,
    migrationFileName(fieldMigrationStem(facts.table, addition), migrations),
  );
  if (existsSync(join(rootDir, migrationFile))) throw new SpecError(`${migrationFile} exists already`);
  const { zh, en } = addition.field.label;
  const label = `${zh} / ${en} of the ${titleOf(JSON.parse(manifestText) as Manifest, addition.schema)}`;
  // Checked and built in full before the first write, so a refusal leaves every file as it was.
  const migration = await formatLikeRepo(
    fieldMigrationText(facts.table, addition, label),
    join(rootDir, migrationFile),
  );
  writeFileSync(openapiPath, openapi);
  writeFileSync(manifestPath, manifestText);
  writeFileSync(join(rootDir, migrationFile), migration);
  return [inputFiles.openapi, inputFiles.manifest, migrationFile];
}
