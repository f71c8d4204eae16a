import { ContractError } from './contract-error';
import type { ParameterObject } from './openapi-types';

// Read-only views of openapi.yaml that codegen and the server share, safe on any parsed YAML.
export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function objectAt(value: unknown, ...keys: string[]): JsonObject {
  let current = value;
  for (const key of keys) current = isObject(current) ? current[key] : undefined;
  return isObject(current) ? current : {};
}

export function componentSchemas(doc: unknown): JsonObject {
  return objectAt(doc, 'components', 'schemas');
}

export function securitySchemes(doc: unknown): JsonObject {
  return objectAt(doc, 'components', 'securitySchemes');
}

export function componentParameters(doc: unknown): JsonObject {
  return objectAt(doc, 'components', 'parameters');
}

export function pathItems(doc: unknown): JsonObject {
  return objectAt(doc, 'paths');
}

export const accessKeySchemaName = 'AccessKey';

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One operation of openapi.yaml with where it sits; its operationId may be missing. */
export interface OperationAt {
  readonly path: string;
  readonly method: (typeof httpMethods)[number];
  readonly operation: JsonObject;
  readonly pathItem: JsonObject;
}

/** An operation with its operationId. */
export interface OperationInfo extends OperationAt {
  readonly id: string;
}

/** Every operation, in the document's order. */
export function operationsIn(doc: unknown): OperationAt[] {
  return Object.entries(pathItems(doc)).flatMap(([path, pathItem]) =>
    isObject(pathItem)
      ? httpMethods.flatMap((method) => {
          const operation = pathItem[method];
          return isObject(operation) ? [{ path, method, operation, pathItem }] : [];
        })
      : [],
  );
}

export function operationsById(doc: unknown): Map<string, OperationInfo> {
  const found = new Map<string, OperationInfo>();
  for (const at of operationsIn(doc)) {
    const id = at.operation.operationId;
    if (typeof id === 'string') found.set(id, { ...at, id });
  }
  return found;
}

const schemaRefPrefix = '#/components/schemas/';

/** The components.schemas name a `$ref` points at, or null for an inline schema. */
export function schemaRefName(value: unknown): string | null {
  if (!isObject(value) || typeof value.$ref !== 'string') return null;
  return value.$ref.startsWith(schemaRefPrefix) ? value.$ref.slice(schemaRefPrefix.length) : null;
}

/** What a local `$ref` (`#/a/b`) points at in the document, or undefined. */
function pointed(doc: unknown, ref: string): unknown {
  let target: unknown = doc;
  for (const segment of ref.slice(2).split('/')) {
    target = isObject(target) ? target[segment.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
  }
  return target;
}

/**
 * The object a local `$ref` chain ends at; keywords beside a `$ref` (OpenAPI 3.1 allows a
 * description there) win over the target's. Anything else comes back as is.
 */
export function deref(doc: unknown, value: unknown, depth = 0): JsonObject {
  if (!isObject(value)) return {};
  if (typeof value.$ref !== 'string' || !value.$ref.startsWith('#/') || depth > 32) return value;
  const { $ref, ...siblings } = value;
  return { ...deref(doc, pointed(doc, $ref), depth + 1), ...siblings };
}

/**
 * A components.schemas entry by name, or the schema a `$ref` chain ends at, for a reader that
 * trusts the contract: a `$ref` to nothing is an error naming it rather than an empty schema.
 */
export function schemaAt(doc: unknown, schema: JsonObject | string): JsonObject {
  let current: unknown = typeof schema === 'string' ? { $ref: schemaRefPrefix + schema } : schema;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string'; depth += 1) {
    const target = depth > 32 ? undefined : pointed(doc, current.$ref);
    if (!isObject(target)) throw new ContractError(`openapi.yaml has no schema ${current.$ref}`);
    current = target;
  }
  return deref(doc, typeof schema === 'string' ? current : schema);
}

const parameterPlaces: readonly unknown[] = ['query', 'header', 'path', 'cookie'];

/** Whether a resolved parameter has the name and place every parameter needs. */
export function isParameterObject(value: JsonObject): value is ParameterObject & JsonObject {
  return typeof value.name === 'string' && parameterPlaces.includes(value.in);
}

/** The operation's parameters with the path item's, resolved; the operation's win on a clash. */
export function parametersOf(doc: unknown, info: OperationAt): JsonObject[] {
  const resolve = (list: unknown): JsonObject[] =>
    Array.isArray(list) ? list.map((parameter) => deref(doc, parameter)) : [];
  const own = resolve(info.operation.parameters);
  const inherited = resolve(info.pathItem.parameters).filter(
    (parameter) => !own.some((mine) => mine.name === parameter.name && mine.in === parameter.in),
  );
  return [...inherited, ...own];
}

export function queryParameter(doc: unknown, info: OperationInfo, name: string): JsonObject | null {
  return (
    parametersOf(doc, info).find((parameter) => parameter.in === 'query' && parameter.name === name) ?? null
  );
}

/** The JSON request body schema as written (usually a `$ref`), or null without one. */
export function requestBodySchema(doc: unknown, info: OperationInfo): unknown {
  const body = deref(doc, info.operation.requestBody);
  const content = isObject(body.content) ? body.content['application/json'] : undefined;
  return isObject(content) && content.schema !== undefined ? content.schema : null;
}
