import { isMap, isSeq, parseDocument } from 'yaml';
import { type FieldAddition } from './field-addition';
import { addColumnText, columnType, manifestField } from './resource-texts';
import { snakeCase } from './resource-spec';
import { SpecError } from './field-specs';

// The manifest entry and the migration of a field added to an existing resource (new:field); its
// openapi.yaml edit is in write-field.ts, as text, so the file's other lines stay as written.

/**
 * Where a new field goes among the fields named `names`: after `after` when that is one of them,
 * else before `createdAt` (the fields every resource ends with), else last.
 */
export function insertionIndex(names: readonly string[], after: string | undefined): number {
  const anchor = after === undefined ? -1 : names.indexOf(after);
  if (anchor >= 0) return anchor + 1;
  const created = names.indexOf('createdAt');
  return created >= 0 ? created : names.length;
}

/**
 * The manifest with the field added to the resource over `addition.schema`, inserted as text (then
 * formatted) so that every other entry keeps the layout it was written in.
 */
export function addFieldToManifest(text: string, addition: FieldAddition): string {
  const doc = parseDocument(text);
  const resources = doc.get('resources', true);
  if (doc.errors.length || !isSeq(resources))
    throw new SpecError('manifest/console.json has no resources list');
  const resource = resources.items.find((entry) => isMap(entry) && entry.get('schema') === addition.schema);
  if (!isMap(resource)) throw new SpecError(`the manifest has no resource over ${addition.schema}`);
  const fields = resource.get('fields', true);
  if (!isSeq(fields))
    throw new SpecError(`the manifest's resource over ${addition.schema} has no fields list`);
  const names = fields.items.map((entry) => (isMap(entry) ? String(entry.get('name')) : ''));
  if (names.includes(addition.field.name))
    throw new SpecError(
      `the manifest's resource ${String(resource.get('name'))} already has a field ${addition.field.name}`,
    );
  const entry = JSON.stringify(manifestField(addition.field));
  const index = insertionIndex(names, addition.after);
  const next = fields.items[index];
  const last = fields.items.at(-1);
  if (isMap(next) && next.range)
    return `${text.slice(0, next.range[0])}${entry},${text.slice(next.range[0])}`;
  if (isMap(last) && last.range)
    return `${text.slice(0, last.range[1])},${entry}${text.slice(last.range[1])}`;
  throw new SpecError(`the manifest's resource over ${addition.schema} has no fields`);
}

/** `0041-parking-lots-contact`'s stem: the table and the field, as a migration's name writes them. */
export function fieldMigrationStem(table: string, addition: FieldAddition): string {
  return `${table}-${snakeCase(addition.field.name)}`.replaceAll('_', '-');
}

/**
 * The migration adding the field's column to `table`: nullable, or not null with the rows already
 * there filled; a unique index (SQLite adds no unique column to a table) or, for a sorted or
 * searched field, an index with id, the list's tie-break.
 */
export function fieldMigrationText(table: string, addition: FieldAddition, label: string): string {
  const { field, fill } = addition;
  const column = snakeCase(field.name);
  const unique = field.flags.has('unique');
  const indexed = unique || field.flags.has('sort') || field.flags.has('search');
  const index = `${table}_${column}`;
  const addColumn = addColumnText(field, fill === undefined ? [] : [`.defaultTo(${fill.literal})`]);
  const usesTypes = columnType(field).startsWith('t.') || (fill?.literal.startsWith('t.') ?? false);
  const kyselyImports = [...(field.type.kind === 'enum' ? ['sql'] : []), 'type Kysely'];
  const why = [
    `// ${label} (${addition.schema}.${field.name}), in the column ${column} of ${table}.`,
    ...(fill === undefined
      ? []
      : [`// It is required: the rows already there take ${fill.value}; a new one states it.`]),
    ...(unique ? ['// A unique index: two rows may not hold one value (any number may hold none).'] : []),
    ...(indexed && !unique
      ? ["// The index serves the list's sort order and filter, with id its tie-break."]
      : []),
  ];
  return [
    `import { ${kyselyImports.join(', ')} } from 'kysely';`,
    ...(usesTypes ? ["import { columnTypes } from '../column-types';"] : []),
    '',
    ...why,
    'export async function up(db: Kysely<unknown>): Promise<void> {',
    ...(usesTypes ? ['  const t = columnTypes(db);'] : []),
    `  await db.schema.alterTable('${table}')${addColumn}.execute();`,
    ...(indexed
      ? [
          `  await db.schema.createIndex('${index}').on('${table}')${
            unique ? `.column('${column}').unique()` : `.columns(['${column}', 'id'])`
          }.execute();`,
        ]
      : []),
    '}',
    '',
    'export async function down(db: Kysely<unknown>): Promise<void> {',
    ...(indexed ? [`  await db.schema.dropIndex('${index}').execute();`] : []),
    `  await db.schema.alterTable('${table}').dropColumn('${column}').execute();`,
    '}',
    '',
  ].join('\n');
}
