import type { Contract, OperationSpec } from '../contract/load-contract';
import { isObject, schemaAt, type JsonObject } from '../../contract/document';
import type { JsonSchema } from '../../contract/openapi-types';

/** Property names of an object schema, in the order the contract writes them. */
export function propertyNames(contract: Contract, schema: JsonSchema | string): string[] {
  const properties = schemaAt(contract.document, schema).properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** An object schema's properties, each with its own schema, in the order the contract writes them. */
export function propertySchemas(contract: Contract, schema: JsonSchema | string): [string, JsonObject][] {
  const properties = schemaAt(contract.document, schema).properties;
  return isObject(properties)
    ? Object.entries(properties).filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    : [];
}

/** The fields a write operation's body may hold. */
export function inputFieldNames(contract: Contract, operation: OperationSpec): string[] {
  if (!operation.requestBody) throw new Error(`${operation.operationId} has no request body`);
  return propertyNames(contract, operation.requestBody.schema);
}

/**
 * The fields of a write operation's body that hold a stored file's id: field → the operationId its
 * `x-upload` names, which must be an upload operation (its operationId is the files' kind).
 */
export function uploadFieldKinds(contract: Contract, operation: OperationSpec): Record<string, string> {
  if (!operation.requestBody) return {};
  return Object.fromEntries(
    propertySchemas(contract, operation.requestBody.schema).flatMap(([field, schema]) => {
      const kind = schema['x-upload'];
      if (kind === undefined) return [];
      if (
        typeof kind !== 'string' ||
        !contract.operations.some((op) => op.operationId === kind && op.upload !== null)
      ) {
        throw new Error(
          `openapi.yaml: ${operation.operationId} ${field} has x-upload ${String(kind)}, not an upload operation`,
        );
      }
      return [[field, kind]];
    }),
  );
}
