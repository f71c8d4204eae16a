import { deref, isObject, type JsonObject } from '../contract/document';

// What codegen reads from one openapi.yaml schema, and how it names it in a message.

/** The parts of one openapi schema a field reads, with where it was found for messages. */
export interface Facts {
  readonly where: string;
  readonly type: string | null;
  readonly nullable: boolean;
  readonly format: string | null;
  readonly enum: readonly unknown[] | null;
  readonly minimum: number | null;
  readonly maximum: number | null;
  /** An array's items; null for other types. */
  readonly items: Facts | null;
  readonly schema: JsonObject;
}

export function isNumeric(facts: Facts): boolean {
  return facts.type === 'integer' || facts.type === 'number';
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function factsOf(where: string, schema: JsonObject, openapi?: unknown): Facts {
  const declared = schema.type;
  const types = Array.isArray(declared) ? declared : declared === undefined ? [] : [declared];
  const values = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : null;
  const named = types.filter((type) => type !== 'null');
  // An enum without a type is a string enum when its values are strings.
  const inferred =
    named.length === 0 && values?.every((value) => typeof value === 'string') ? ['string'] : named;
  const type = inferred.length === 1 ? String(inferred[0]) : null;
  return {
    where,
    type: inferred.length === 1 ? String(inferred[0]) : inferred.length === 0 ? null : inferred.join(' or '),
    nullable: types.includes('null'),
    format: stringOrNull(schema.format),
    enum: values,
    minimum: numberOrNull(schema.minimum),
    maximum: numberOrNull(schema.maximum),
    items:
      type === 'array' && isObject(schema.items)
        ? factsOf(`${where}[]`, openapi === undefined ? schema.items : deref(openapi, schema.items), openapi)
        : null,
    schema,
  };
}

export function describe(facts: Facts): string {
  const kind = facts.type ?? 'untyped value';
  const parts = [facts.nullable ? 'a nullable' : /^[aeiou]/.test(kind) ? 'an' : 'a', kind];
  if (facts.enum !== null) parts.push('enum');
  if (facts.items !== null) parts.push(`of ${facts.items.type ?? 'untyped value'}s`);
  if (facts.format !== null) parts.push(`of format ${facts.format}`);
  if (facts.minimum !== null || facts.maximum !== null) {
    parts.push(`from ${facts.minimum ?? '-∞'} to ${facts.maximum ?? '∞'}`);
  }
  return parts.join(' ');
}

/** A schema with the name a message gives it, e.g. AiServerInput. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: JsonObject;
}

/** Facts of one property of a named object schema, or null when it has no such property. */
export function propertyFacts(openapi: unknown, owner: NamedSchema, name: string): Facts | null {
  const properties = isObject(owner.schema.properties) ? owner.schema.properties : {};
  const property = properties[name];
  if (!isObject(property)) return null;
  const where = `${owner.name}.${name}`;
  // `oneOf: [{ $ref: X }, { type: 'null' }]` is X, nullable: how a shared enum is made nullable.
  const members = Array.isArray(property.oneOf) ? property.oneOf.filter(isObject) : [];
  const nonNull = members.filter((member) => member.type !== 'null');
  const [only] = nonNull;
  if (members.length === 2 && nonNull.length === 1 && only !== undefined) {
    return { ...factsOf(where, deref(openapi, only), openapi), nullable: true };
  }
  return factsOf(where, deref(openapi, property), openapi);
}
