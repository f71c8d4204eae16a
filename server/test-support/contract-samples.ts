import type { Contract, OperationSpec } from '../contract/load-contract';
import type { JsonSchema } from '../../contract/openapi-types';
import { createSchemaCompiler } from '../contract/schema-compiler';
import { schemaAt } from '../../contract/document';
import { jpegBytes, multipartBody, pngBytes, webpBytes } from './multipart';
import { PatternSampleError, patternSamples } from './pattern-sample';

/** Strings tried, in order, after those a schema's pattern gives (none for a lookahead). */
const stringCandidates = ['Sample1234', 'sample', 'SN-0001', '13800138000', '123456', 'a'];

const formatSamples: Record<string, string> = {
  ipv4: '10.0.0.1',
  'date-time': '2030-01-01T08:00:00.000Z',
  date: '2030-01-01',
  email: 'someone@example.com',
};

/** A small file of each media type an upload's `encoding` may accept. */
const fileSamples: Readonly<Record<string, Buffer>> = {
  'image/jpeg': jpegBytes,
  'image/png': pngBytes,
  'image/webp': webpBytes,
  'application/octet-stream': Buffer.from('sample model bytes'),
  'text/csv': Buffer.from('name\r\nsample\r\n'),
};

/**
 * Valid values for contract schemas, so suites computed from openapi.yaml can send a good request
 * and spoil one part of it. Uses a schema's `examples` first, then strings its `pattern` gives; fails
 * naming the field when nothing fits (a lookahead, a rule the pattern does not say), which an
 * `examples` entry in openapi.yaml then fixes.
 */
export function createSampler(contract: Contract) {
  const compile = createSchemaCompiler(contract, { coerceTypes: false });
  const fits = (schema: JsonSchema, value: unknown) => compile(schema)(value);
  /** Why a pattern gave no strings, by the field it belongs to, for the failure's message. */
  const unreadPatterns = new Map<string, string>();

  function sample(schema: JsonSchema, where: string): unknown {
    const candidates = withExamples(schemaAt(contract.document, schema), where);
    const found = candidates.find((candidate) => fits(schema, candidate));
    if (found === undefined) {
      const reason = unreadPatterns.get(where);
      throw new Error(
        `no sample fits ${where}${reason ? ` (${reason})` : ''}; add examples to its schema in openapi.yaml`,
      );
    }
    return found;
  }

  function fromPattern(schema: JsonSchema, where: string): string[] {
    if (typeof schema.pattern !== 'string') return [];
    try {
      return patternSamples(schema.pattern);
    } catch (error) {
      if (!(error instanceof PatternSampleError)) throw error;
      unreadPatterns.set(where, error.message);
      return [];
    }
  }

  function withExamples(resolved: JsonSchema, where: string): unknown[] {
    const examples = Array.isArray(resolved.examples) ? (resolved.examples as unknown[]) : [];
    return [...examples, ...candidatesOf(resolved, where)];
  }

  function candidatesOf(schema: JsonSchema, where: string): unknown[] {
    if (Array.isArray(schema.enum)) return schema.enum;
    if ('const' in schema) return [schema.const];
    // A nullable shared schema (`oneOf: [{ $ref: X }, { type: 'null' }]`): each member's candidates in turn.
    const members = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(members)) {
      return (members as JsonSchema[]).flatMap((member) =>
        withExamples(schemaAt(contract.document, member), where),
      );
    }
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string': {
        const format = typeof schema.format === 'string' ? formatSamples[schema.format] : undefined;
        const length = typeof schema.minLength === 'number' ? Math.max(schema.minLength, 1) : 1;
        return [
          ...(format ? [format] : []),
          ...fromPattern(schema, where),
          ...stringCandidates,
          's'.repeat(length),
        ];
      }
      case 'integer':
      case 'number': {
        const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
        return [Math.max(minimum, 1), minimum];
      }
      case 'boolean':
        return [true];
      case 'array': {
        const items = (schema.items as JsonSchema | undefined) ?? {};
        const count = typeof schema.minItems === 'number' ? schema.minItems : 1;
        // Distinct items where numbers allow it, for uniqueItems.
        return [
          Array.from({ length: count }, (_, i) => {
            const one = sample(items, `${where}[]`);
            return typeof one === 'number' ? one + i : one;
          }),
        ];
      }
      case 'object': {
        const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
        const required = new Set((schema.required as string[] | undefined) ?? []);
        const full = Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [name, sample(property, `${where}.${name}`)]),
        );
        const minimal = Object.fromEntries(Object.entries(full).filter(([name]) => required.has(name)));
        return [full, minimal];
      }
      default:
        return [];
    }
  }

  function sampleJsonParts(operation: OperationSpec): Record<string, unknown> {
    return Object.fromEntries(
      (operation.upload?.jsonParts ?? []).map((part) => [
        part.name,
        sample(part.schema, `${operation.operationId} part ${part.name}`),
      ]),
    );
  }

  return {
    sample,
    /** A body the operation accepts (every property filled), or undefined when it takes none. */
    body(operation: OperationSpec): unknown {
      return operation.requestBody
        ? sample(operation.requestBody.schema, `${operation.operationId} body`)
        : undefined;
    },
    /** A file an upload operation accepts (of its first type), or undefined for other operations. */
    file(operation: OperationSpec): Buffer | undefined {
      if (!operation.upload) return undefined;
      const type = operation.upload.contentTypes[0] as string;
      const bytes = fileSamples[type];
      if (!bytes) throw new Error(`no sample file of type ${type} for ${operation.operationId}`);
      return bytes;
    },
    /** The JSON parts an upload operation takes beside its file, each filled, by part name. */
    jsonParts: sampleJsonParts,
    /**
     * A multipart body an upload operation accepts (`jsonParts` in place of the sampled parts), or
     * undefined for other operations.
     */
    upload(
      operation: OperationSpec,
      jsonParts: Record<string, unknown> = sampleJsonParts(operation),
    ): ReturnType<typeof multipartBody> | undefined {
      const bytes = this.file(operation);
      if (!bytes || !operation.upload) return undefined;
      return multipartBody([
        { field: operation.upload.field, bytes, fileName: 'sample' },
        ...Object.entries(jsonParts).map(([field, value]) => ({
          field,
          bytes: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
        })),
      ]);
    },
    /**
     * The operation's URL with every path parameter filled (ids: 1) and every required query
     * parameter sampled; `query` adds parameters or replaces sampled ones (a value of null leaves
     * the parameter out).
     */
    url(
      operation: OperationSpec,
      values: Record<string, unknown> = {},
      query: Record<string, string | null> = {},
    ): string {
      const path = operation.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
        const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
        const value =
          values[name] ?? sample(parameter?.schema ?? {}, `${operation.operationId} path ${name}`);
        return encodeURIComponent(String(value));
      });
      const required = operation.parameters
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => [p.name, String(sample(p.schema ?? {}, `${operation.operationId} query ${p.name}`))]);
      const params = Object.entries({ ...Object.fromEntries(required), ...query }).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      );
      return params.length === 0 ? path : `${path}?${new URLSearchParams(params).toString()}`;
    },
  };
}
