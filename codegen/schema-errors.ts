import type { ErrorObject } from 'ajv';
import { pointerOf, shown, type Diagnostic } from './diagnostics';
import { isObject, type JsonObject } from '../contract/document';

const branchKeywords = new Set(['anyOf', 'oneOf']);

/**
 * ajv errors as one diagnostic each. An anyOf/oneOf failure becomes one line naming the allowed
 * forms instead of one line per failed branch; ajv reports those branch errors right before it.
 */
export function schemaDiagnostics(
  file: string,
  rootSchema: object,
  errors: readonly ErrorObject[],
): Diagnostic[] {
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    if (branchKeywords.has(error.keyword)) {
      while (isAtOrBelow(kept.at(-1)?.instancePath, error.instancePath)) kept.pop();
    }
    kept.push(error);
  }
  return kept.map((error) => toDiagnostic(file, rootSchema, error));
}

function isAtOrBelow(path: string | undefined, ancestor: string): boolean {
  return path !== undefined && (path === ancestor || path.startsWith(`${ancestor}/`));
}

function toDiagnostic(file: string, rootSchema: object, error: ErrorObject): Diagnostic {
  const params = error.params as Record<string, unknown>;
  const at = (message: string, pointer = error.instancePath): Diagnostic => ({ file, pointer, message });
  switch (error.keyword) {
    case 'required':
      return at(`missing required property ${shown(params.missingProperty)}`);
    case 'additionalProperties': {
      const property = String(params.additionalProperty);
      const allowed = Object.keys(objectField(error.parentSchema, 'properties')).join(', ');
      return at(
        `unknown property ${shown(property)} (allowed: ${allowed})`,
        error.instancePath + pointerOf(property),
      );
    }
    case 'pattern':
      return at(`${shown(error.data)} does not match pattern ${String(params.pattern)}`);
    case 'type':
      return at(`must be ${String(params.type)}, not ${shown(error.data)}`);
    case 'enum':
      return at(
        `${shown(error.data)} is not one of ${(params.allowedValues as unknown[]).map(shown).join(', ')}`,
      );
    case 'const':
      return at(`must be ${shown(params.allowedValue)}, not ${shown(error.data)}`);
    case 'anyOf':
    case 'oneOf': {
      const forms = (error.schema as unknown[]).map((branch) => describeForm(rootSchema, branch)).join('; ');
      const problem = params.passingSchemas ? 'matches more than one' : 'matches none';
      const value = isObject(error.data) ? '' : `${shown(error.data)} `;
      return at(`${value}${problem} of the allowed forms: ${forms}`);
    }
    default:
      return at(error.message ?? `fails ${error.keyword}`);
  }
}

function objectField(schema: unknown, key: string): JsonObject {
  const value = isObject(schema) ? schema[key] : undefined;
  return isObject(value) ? value : {};
}

function quotedList(names: unknown, joiner: string): string {
  return (Array.isArray(names) ? names : []).map(shown).join(joiner);
}

/** A short reading of an anyOf/oneOf branch, e.g. `with "page" and without "redirect"`. */
function describeForm(rootSchema: object, schema: unknown): string {
  if (!isObject(schema)) return shown(schema);
  if (typeof schema.$ref === 'string')
    return describeForm(rootSchema, resolveLocalRef(rootSchema, schema.$ref));
  const parts: string[] = [];
  if (typeof schema.type === 'string') parts.push(`a ${schema.type}`);
  if (typeof schema.pattern === 'string') parts.push(`matching ${schema.pattern}`);
  if ('const' in schema) parts.push(`equal to ${shown(schema.const)}`);
  if (schema.required !== undefined) parts.push(`with ${quotedList(schema.required, ' and ')}`);
  if (schema.not !== undefined) parts.push(`without ${describePresence(schema.not)}`);
  return parts.length > 0 ? parts.join(' ') : 'a schema';
}

/** The properties a `required` or anyOf-of-`required` schema asks for: `"page" or "children"`. */
function describePresence(schema: unknown): string {
  if (!isObject(schema)) return shown(schema);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(describePresence).join(' or ');
  return quotedList(schema.required, ' and ');
}

function resolveLocalRef(rootSchema: object, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = rootSchema;
  for (const segment of ref.slice(2).split('/')) {
    current = isObject(current) ? current[segment.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
  }
  return current;
}
