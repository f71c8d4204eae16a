import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { inputFiles } from '../inputs';
import { SpecError } from './field-specs';
import { addToManifest, migrationFileName, migrationText, openapiSchemasText } from './resource-texts';
import { enumSchemaName, kebabCase, parentOf, type ResourceSpec } from './resource-spec';

export const migrationsDir = 'server/db/migrations';

/** The offset just past the line holding `offset`: where a new line after it starts. */
export function nextLineStart(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline < 0 ? text.length : newline + 1;
}

/**
 * openapi.yaml with the resource's schemas added at the end of components.schemas and its key in the
 * AccessKey enum after its siblings, inserted as text so every other line, comment and style stays.
 */
export function addToOpenapi(text: string, spec: ResourceSpec): string {
  const doc = parseDocument(text);
  if (doc.errors.length) throw new SpecError(`openapi.yaml does not parse: ${doc.errors[0]?.message ?? ''}`);
  const schemas = doc.getIn(['components', 'schemas'], true);
  const keys = doc.getIn(['components', 'schemas', 'AccessKey', 'enum'], true);
  if (!isMap(schemas) || !schemas.range) throw new SpecError('openapi.yaml has no components.schemas map');
  if (!isSeq(keys) || keys.flow) throw new SpecError('openapi.yaml has no AccessKey enum written as a list');
  const names = [
    spec.schema,
    ...spec.fields.flatMap((f) => (f.type.kind === 'enum' ? [enumSchemaName(spec, f)] : [])),
  ];
  const taken = names.find((name) => schemas.has(name));
  if (taken) throw new SpecError(`openapi.yaml already has a schema ${taken}`);
  const parentKey = parentOf(spec.key, '.');
  const siblings = keys.items
    .filter(isScalar)
    .filter((item) => item.value === parentKey || String(item.value).startsWith(`${parentKey}.`));
  const after = siblings.at(-1);
  if (!after?.range) throw new SpecError(`the AccessKey enum of openapi.yaml has no ${parentKey}`);
  if (keys.items.some((item) => isScalar(item) && item.value === spec.key))
    throw new SpecError(`the AccessKey enum of openapi.yaml already has ${spec.key}`);

  const schemasEnd = nextLineStart(text, schemas.range[1] - 1);
  const keyLineEnd = nextLineStart(text, after.range[0]);
  const keyLineStart = text.lastIndexOf('\n', after.range[0]) + 1;
  const indent = text.slice(keyLineStart, text.indexOf('-', keyLineStart));
  const withSchemas = `${text.slice(0, schemasEnd)}${openapiSchemasText(spec)}${text.slice(schemasEnd)}`;
  return `${withSchemas.slice(0, keyLineEnd)}${indent}- ${spec.key}\n${withSchemas.slice(keyLineEnd)}`;
}

/** Formatted as the repository's prettier settings say, so `format:check` passes on what is written. */
export async function formatLikeRepo(text: string, filePath: string): Promise<string> {
  return format(text, { ...(await resolveConfig(filePath)), filepath: filePath });
}

/** Writes the three pieces into the repository at `rootDir`; returns the files written. */
export async function writeResource(rootDir: string, spec: ResourceSpec): Promise<string[]> {
  const openapiPath = join(rootDir, inputFiles.openapi);
  const manifestPath = join(rootDir, inputFiles.manifest);
  const migrationFile = join(
    migrationsDir,
    migrationFileName(kebabCase(spec.plural), readdirSync(join(rootDir, migrationsDir))),
  );
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  addToManifest(manifest, spec);
  const openapi = addToOpenapi(readFileSync(openapiPath, 'utf8'), spec);
  if (existsSync(join(rootDir, migrationFile))) throw new SpecError(`${migrationFile} exists already`);
  // Checked and built in full before the first write, so a refusal leaves every file as it was.
  const manifestText = await formatLikeRepo(JSON.stringify(manifest), manifestPath);
  const migration = await formatLikeRepo(migrationText(spec), join(rootDir, migrationFile));
  writeFileSync(openapiPath, openapi);
  writeFileSync(manifestPath, manifestText);
  writeFileSync(join(rootDir, migrationFile), migration);
  return [inputFiles.openapi, inputFiles.manifest, migrationFile];
}
