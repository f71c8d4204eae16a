import type { Contract, OperationSpec } from '../contract/load-contract';
import type { JsonSchema } from '../contract/openapi-types';

export type FilterMode = 'contains' | 'equals' | 'from' | 'to';

export interface FilterShape {
  readonly param: string;
  readonly field: string;
  readonly mode: FilterMode;
  readonly dateTime: boolean;
}

/** What a list (or export) operation accepts, read from its query parameters. */
export interface ListShape {
  /**
   * Query parameters marked `x-filter`: `param` is the query parameter, `field` the field it filters
   * (the parameter's name, or its `x-field` for a range bound). `dateTime`: a date-time value, compared
   * as the stored ISO text once normalised to UTC.
   */
  readonly filters: readonly FilterShape[];
  /** The `sort` enum: `field` ascending, `-field` descending. */
  readonly sorts: readonly string[];
  readonly defaultSort: string | null;
  readonly defaultPage: number;
  readonly defaultPageSize: number;
}

const schemaRefPrefix = '#/components/schemas/';

export function listShape(operation: OperationSpec): ListShape {
  const query = operation.parameters.filter((p) => p.in === 'query');
  const schemaOf = (name: string) => query.find((p) => p.name === name)?.schema ?? {};
  const sort = schemaOf('sort');
  return {
    filters: query.flatMap((p) => {
      const mode = p['x-filter'];
      if (!mode) return [];
      return [
        { param: p.name, field: p['x-field'] ?? p.name, mode, dateTime: p.schema?.format === 'date-time' },
      ];
    }),
    sorts: Array.isArray(sort.enum) ? (sort.enum as string[]) : [],
    defaultSort: typeof sort.default === 'string' ? sort.default : null,
    defaultPage: numberOr(schemaOf('page').default, 1),
    defaultPageSize: numberOr(schemaOf('pageSize').default, 20),
  };
}

/** A components.schemas entry, or the schema a `$ref` points at. */
export function resolveSchema(contract: Contract, schema: JsonSchema | string): JsonSchema {
  const ref = typeof schema === 'string' ? schemaRefPrefix + schema : schema.$ref;
  if (typeof ref !== 'string') return schema as JsonSchema;
  const found = ref.startsWith(schemaRefPrefix)
    ? contract.document.components?.schemas?.[ref.slice(schemaRefPrefix.length)]
    : undefined;
  if (!found) throw new Error(`openapi.yaml has no schema ${ref}`);
  return resolveSchema(contract, found);
}

/** Property names of an object schema, in the order the contract writes them. */
export function propertyNames(contract: Contract, schema: JsonSchema | string): string[] {
  const properties = resolveSchema(contract, schema).properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** The fields a write operation's body may hold. */
export function inputFieldNames(contract: Contract, operation: OperationSpec): string[] {
  if (!operation.requestBody) throw new Error(`${operation.operationId} has no request body`);
  return propertyNames(contract, operation.requestBody.schema);
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

/**
 * The fields of a write operation's body that hold a stored file's id: field → the operationId its
 * `x-upload` names, which must be an upload operation (its operationId is the files' kind).
 */
export function uploadFieldKinds(contract: Contract, operation: OperationSpec): Record<string, string> {
  if (!operation.requestBody) return {};
  const properties = resolveSchema(contract, operation.requestBody.schema).properties as
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
