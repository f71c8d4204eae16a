import { parseFieldSpec, SpecError, type FieldSpec } from './field-specs';

/** What `npm run new:field` adds, read from its command line. */
export interface FieldAddition {
  /** components.schemas name of the resource's item: `ParkingLot`. */
  readonly schema: string;
  readonly field: FieldSpec;
  /** The field it follows in the schemas and the manifest; by default the last before `createdAt`. */
  readonly after?: string;
  /**
   * The value a required field's column takes in the rows the table already holds: as given, and
   * as the migration writes it (`'王工'`, `0`, `t.flagValue(true)`).
   */
  readonly fill?: { readonly value: string; readonly literal: string };
}

export interface FieldArguments {
  readonly schema: string;
  readonly field: string;
  readonly after?: string;
  readonly default?: string;
}

/** A TypeScript string literal in the repository's quotes. */
function quoted(value: string): string {
  return `'${JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
}

const schemaPattern = /^[A-Z][A-Za-z0-9]*$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** `value` as a literal of the field's column, or why it cannot be one. */
function fillOf(field: FieldSpec, value: string): string {
  const where = `--default "${value}" for ${field.name}`;
  const type = field.type;
  switch (type.kind) {
    case 'string':
    case 'text':
      if (value === '' || [...value].length > type.maxLength)
        throw new SpecError(`${where}: a required ${type.kind} holds 1 to ${type.maxLength} characters`);
      return quoted(value);
    case 'integer':
    case 'number': {
      const number = Number(value);
      const fits = type.kind === 'integer' ? Number.isSafeInteger(number) : Number.isFinite(number);
      if (value.trim() === '' || !fits)
        throw new SpecError(
          `${where}: it must be ${type.kind === 'integer' ? 'a whole number' : 'a number'}`,
        );
      return String(number);
    }
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw new SpecError(`${where}: it must be true or false`);
      return `t.flagValue(${value})`;
    case 'date':
      if (!datePattern.test(value) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)
        throw new SpecError(`${where}: it must be a date, YYYY-MM-DD`);
      return quoted(value);
    case 'datetime': {
      const instant = Date.parse(value);
      if (!/T.*(Z|[+-]\d{2}:\d{2})$/.test(value) || !Number.isFinite(instant))
        throw new SpecError(`${where}: it must be a time with its zone, e.g. 2026-03-01T00:00:00Z`);
      return quoted(new Date(instant).toISOString());
    }
    case 'enum':
      if (!type.values.some((entry) => entry.value === value))
        throw new SpecError(
          `${where}: it must be one of ${type.values.map((entry) => entry.value).join(', ')}`,
        );
      return quoted(value);
  }
}

export function readFieldAddition(args: FieldArguments): FieldAddition {
  if (!schemaPattern.test(args.schema))
    throw new SpecError(`the schema name "${args.schema}" must be PascalCase, e.g. ParkingLot`);
  const field = parseFieldSpec(args.field);
  const required = field.flags.has('required');
  if (required && field.flags.has('unique'))
    throw new SpecError(
      `${field.name}: a required unique field cannot fill the rows the table holds with one value; add it unique but not required, fill it, then require it by hand`,
    );
  if (required && args.default === undefined)
    throw new SpecError(
      `${field.name} is required: give --default VALUE, which the rows the table already holds take (the form still asks for it)`,
    );
  if (!required && args.default !== undefined)
    throw new SpecError(
      `--default fills a required field; ${field.name} is optional and stays empty (null) in the rows already there`,
    );
  return {
    schema: args.schema,
    field,
    ...(args.after === undefined ? {} : { after: args.after }),
    ...(args.default === undefined
      ? {}
      : { fill: { value: args.default, literal: fillOf(field, args.default) } }),
  };
}
