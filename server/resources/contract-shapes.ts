import type { Contract, OperationSpec } from '../contract/load-contract';
import { schemaAt } from '../../contract/document';
import type { JsonSchema } from '../../contract/openapi-types';

/** Property names of an object schema, in the order the contract writes them. */
export function propertyNames(contract: Contract, schema: JsonSchema | string): string[] {
  const properties = schemaAt(contract.document, schema).properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
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
  const properties = schemaAt(contract.document, operation.requestBody.schema).properties as
    Record<string, JsonSchema> | undefined;
  return Object.fromEntries(
    Object.entries(properties ?? {}).flatMap(([field, schema]) => {
      const kind = schema['x-upload'];
      if (kind === undefined) return [];
      if (!contract.operations.some((op) => op.operationId === kind && op.upload !== null)) {
        throw new Error(
          `openapi.yaml: ${operation.operationId} ${field} has x-upload ${String(kind)}, not an upload operation`,
        );
      }
      return [[field, kind as string]];
    }),
  );
}
