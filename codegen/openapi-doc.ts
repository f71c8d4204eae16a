// Read-only views of the parts of openapi.yaml that codegen uses, safe on any parsed YAML.
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

export function pathItems(doc: unknown): JsonObject {
  return objectAt(doc, 'paths');
}

export const accessKeySchemaName = 'AccessKey';
