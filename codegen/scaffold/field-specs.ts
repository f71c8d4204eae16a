// What `npm run new:resource` is told of each field, parsed from `name:type[:flags[:中文/English]]`.

export interface LocalText {
  readonly zh: string;
  readonly en: string;
}

export interface EnumValue {
  readonly value: string;
  readonly label: LocalText;
}

export type FieldKind =
  | { readonly kind: 'string' | 'text'; readonly maxLength: number }
  | { readonly kind: 'integer' | 'number' | 'boolean' | 'date' | 'datetime' }
  | { readonly kind: 'enum'; readonly values: readonly EnumValue[] };

export const fieldFlags = ['required', 'search', 'sort', 'unique'] as const;
export type FieldFlag = (typeof fieldFlags)[number];

export interface FieldSpec {
  readonly name: string;
  readonly type: FieldKind;
  readonly flags: ReadonlySet<FieldFlag>;
  readonly label: LocalText;
}

export class SpecError extends Error {
  override name = 'SpecError';
}

const fieldNamePattern = /^[a-z][A-Za-z0-9]*$/;
const enumValuePattern = /^[a-z][a-z0-9_]*$/;
/** Written by the layer itself on every resource, so a spec may not declare them. */
export const standardFields = ['id', 'createdAt', 'updatedAt'] as const;

/** `中文/English`; the English may hold further slashes, the Chinese may not. */
export function parseLabel(text: string, where: string): LocalText {
  const slash = text.indexOf('/');
  const zh = slash < 0 ? '' : text.slice(0, slash).trim();
  const en = slash < 0 ? '' : text.slice(slash + 1).trim();
  if (!zh || !en) throw new SpecError(`${where}: the label "${text}" must be 中文/English`);
  return { zh, en };
}

function parseLength(argument: string | undefined, where: string, fallback: number): number {
  if (argument === undefined) return fallback;
  const length = Number(argument);
  if (!Number.isInteger(length) || length < 1 || length > 10000)
    throw new SpecError(`${where}: the length "${argument}" must be a whole number from 1 to 10000`);
  return length;
}

function parseEnumValues(argument: string | undefined, where: string): EnumValue[] {
  const values = (argument ?? '').split(',').filter((part) => part.trim() !== '');
  if (values.length === 0) throw new SpecError(`${where}: enum(...) needs at least one value`);
  const parsed = values.map((part) => {
    const equals = part.indexOf('=');
    const value = (equals < 0 ? part : part.slice(0, equals)).trim();
    if (!enumValuePattern.test(value))
      throw new SpecError(`${where}: the enum value "${value}" must be lower-case letters, digits or _`);
    if (equals < 0)
      throw new SpecError(`${where}: give the enum value ${value} a label: ${value}=中文/English`);
    return { value, label: parseLabel(part.slice(equals + 1), `${where} (${value})`) };
  });
  const repeated = parsed.find(
    (entry, index) => parsed.findIndex((other) => other.value === entry.value) !== index,
  );
  if (repeated) throw new SpecError(`${where}: the enum value ${repeated.value} is given twice`);
  return parsed;
}

function parseKind(text: string, where: string): FieldKind {
  const match = /^([a-z]+)(?:\((.*)\))?$/.exec(text);
  const [, kind, argument] = match ?? [];
  switch (kind) {
    case 'string':
      return { kind, maxLength: parseLength(argument, where, 64) };
    case 'text':
      return { kind, maxLength: parseLength(argument, where, 500) };
    case 'integer':
    case 'number':
    case 'boolean':
    case 'date':
    case 'datetime':
      if (argument !== undefined) throw new SpecError(`${where}: the type ${kind} takes no (...)`);
      return { kind };
    case 'enum':
      return { kind, values: parseEnumValues(argument, where) };
    default:
      throw new SpecError(
        `${where}: unknown type "${text}"; use string(N), text(N), integer, number, boolean, date, datetime or enum(value=中文/English,...)`,
      );
  }
}

function parseFlags(text: string, where: string): Set<FieldFlag> {
  const flags = new Set<FieldFlag>();
  for (const flag of text.split(',').map((part) => part.trim())) {
    if (flag === '') continue;
    if (!(fieldFlags as readonly string[]).includes(flag))
      throw new SpecError(`${where}: unknown flag "${flag}"; use ${fieldFlags.join(', ')}`);
    flags.add(flag as FieldFlag);
  }
  return flags;
}

/**
 * One field of the command line. The label is the last part so it may contain colons; the type's
 * parentheses may contain colons too (an enum label), so the parts are found outside them.
 */
export function parseFieldSpec(spec: string): FieldSpec {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < spec.length; index += 1) {
    const char = spec[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ':' && depth === 0 && parts.length < 3) {
      parts.push(spec.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(spec.slice(start));
  const [name = '', kind, flags = '', label] = parts;
  const where = `field "${spec}"`;
  if (!fieldNamePattern.test(name))
    throw new SpecError(`${where}: the name "${name}" must be lowerCamelCase (letters and digits)`);
  if ((standardFields as readonly string[]).includes(name))
    throw new SpecError(`${where}: ${name} is added to every resource; leave it out`);
  if (kind === undefined || label === undefined)
    throw new SpecError(`${where}: write it as name:type:flags:中文/English (flags may be empty)`);
  return {
    name,
    type: parseKind(kind, where),
    flags: parseFlags(flags, where),
    label: parseLabel(label, where),
  };
}

export function parseFieldSpecs(specs: readonly string[]): FieldSpec[] {
  if (specs.length === 0) throw new SpecError('name at least one field: name:type:flags:中文/English');
  const fields = specs.map(parseFieldSpec);
  const repeated = fields.find(
    (field, index) => fields.findIndex((other) => other.name === field.name) !== index,
  );
  if (repeated) throw new SpecError(`the field ${repeated.name} is given twice`);
  return fields;
}
