import type { ResourceDefinition, StoredField } from './resource-definition';
import { linksOf } from './resource-links';
import { snakeCase, tableOfSchema } from './naming';

/** A stored field with its column named, by the convention or by the definition. */
export type StoredColumn = StoredField & { readonly column: string };

/** A stored input field, named: what a write puts in its column. */
export type WrittenColumn = StoredColumn & { readonly field: string };

/** What openapi.yaml says of a resource (see bindToContract). */
export interface ContractFacts {
  /** The item schema's properties, in contract order: answer fields and CSV columns. */
  readonly itemFields: readonly string[];
  /** The create (else update) body's properties. */
  readonly inputFields: readonly string[];
  /** Item properties marked `x-unique: true`. */
  readonly uniqueFields: readonly string[];
  /** Input fields holding a stored file's id (`x-upload`): field → the files' kind. */
  readonly fileFields: Readonly<Record<string, string>>;
  /** Linked fields whose items are an enum (access keys): their values are answered in its order. */
  readonly linkOrders: Readonly<Record<string, readonly unknown[]>>;
}

/** A definition joined with what openapi.yaml says about the resource, its conventions applied. */
export interface BoundResource extends Omit<ContractFacts, 'uniqueFields'> {
  readonly definition: ResourceDefinition;
  readonly table: string;
  readonly plural: string;
  readonly labelField: string;
  /** Every stored field (item fields and the definition's exceptions) with its column. */
  readonly stored: Readonly<Record<string, StoredColumn>>;
  /** Groups of input fields whose values together must be unique: `x-unique` fields, then the definition's. */
  readonly unique: readonly (readonly WrittenColumn[])[];
  /** The create/update body's properties stored as columns or links (not the definition's inputOnly). */
  readonly inputFields: readonly string[];
  /** The input fields stored as columns (not links), in input order. */
  readonly written: readonly WrittenColumn[];
}

/**
 * Applies the conventions: each item field not linked, not a reference label and not computed is
 * stored in `snake_case(field)` unless `fields` says otherwise; the table is the schema's name in
 * snake_case, plural; the export name is the table's with `-`; the label field is `name`. A definition
 * naming a field the schema lacks, or an input field left without a column, stops the server here.
 */
export function bindResource(definition: ResourceDefinition, facts: ContractFacts): BoundResource {
  const fail = (problem: string): never => {
    throw new Error(`resource ${definition.schema}: ${problem}`);
  };
  const exceptions = definition.fields ?? {};
  const links = linksOf(definition);
  const notStored = new Set([
    ...Object.keys(links),
    ...Object.values(definition.references ?? {}).map((rule) => rule.label),
    ...Object.values(links).flatMap((link) => (link.references ? [link.references.label] : [])),
    ...(definition.computed?.fields ?? []),
  ]);
  const known = new Set([...facts.itemFields, ...facts.inputFields]);
  const named = [
    ...Object.keys(exceptions),
    ...Object.keys(definition.references ?? {}),
    ...notStored,
    ...(definition.unique ?? []).flat(),
    ...(definition.labelField === undefined ? [] : [definition.labelField]),
  ];
  const unknown = [...new Set(named.filter((field) => !known.has(field)))];
  if (unknown.length > 0) fail(`names fields its schema lacks: ${unknown.join(', ')}`);
  const contradicted = Object.keys(exceptions).filter((field) => notStored.has(field));
  if (contradicted.length > 0) fail(`gives columns to fields it does not store: ${contradicted.join(', ')}`);

  const stored = Object.fromEntries(
    [...new Set([...facts.itemFields, ...Object.keys(exceptions)])]
      .filter((field) => !notStored.has(field))
      .map((field): [string, StoredColumn] => {
        const exception = exceptions[field];
        return [
          field,
          { ...exception, column: exception?.column ?? exception?.byLang?.zh ?? snakeCase(field) },
        ];
      }),
  );
  const inputFields = facts.inputFields.filter((field) => !definition.inputOnly?.includes(field));
  const unstored = inputFields.filter((field) => !stored[field] && !links[field]);
  if (unstored.length > 0) fail(`input fields without a column: ${unstored.join(', ')}`);
  const written = inputFields.flatMap((field) => {
    const column = stored[field];
    return column ? [{ ...column, field }] : [];
  });
  const uniqueFields = [...facts.uniqueFields.map((field) => [field]), ...(definition.unique ?? [])];
  const unwritten = [...new Set(uniqueFields.flat())].filter(
    (field) => !written.some((column) => column.field === field),
  );
  if (unwritten.length > 0) fail(`unique fields that are not stored input fields: ${unwritten.join(', ')}`);
  const unique = uniqueFields.map((group) =>
    group.flatMap((field) => written.filter((column) => column.field === field)),
  );
  const labelField =
    definition.labelField ??
    (facts.itemFields.includes('name') ? 'name' : fail('has no field `name`; say its labelField'));
  const table = definition.table ?? tableOfSchema(definition.schema);
  return {
    definition,
    table,
    plural: definition.plural ?? table.replaceAll('_', '-'),
    labelField,
    stored,
    unique,
    itemFields: facts.itemFields,
    inputFields,
    written,
    fileFields: facts.fileFields,
    linkOrders: facts.linkOrders,
  };
}
