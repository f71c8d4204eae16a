import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Contract } from './load-contract';
import type { JsonSchema } from './openapi-types';

const documentId = 'cfop:openapi.yaml';

/** Keywords OpenAPI allows inside schemas that JSON Schema 2020-12 does not know. */
const openApiSchemaKeywords = ['example', 'discriminator', 'xml', 'externalDocs'];

export type SchemaCompiler = (schema: JsonSchema) => ValidateFunction;

/**
 * Compiles schemas whose `$ref`s point into openapi.yaml (`#/components/schemas/...`), so request
 * validation uses the contract's own definitions. `coerceTypes` is for query and header values,
 * which arrive as strings.
 */
export function createSchemaCompiler(contract: Contract, options: { coerceTypes: boolean }): SchemaCompiler {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, coerceTypes: options.coerceTypes });
  addFormats(ajv);
  const schemas = contract.document.components?.schemas ?? {};
  // `components` is an annotation here: the root only exists so `#/components/schemas/...` resolves.
  ajv.addVocabulary(['components', ...openApiSchemaKeywords, ...vendorKeywords(contract.document)]);
  ajv.addSchema({ $id: documentId, components: { schemas } });
  return (schema) => ajv.compile(anchorRefs(schema) as JsonSchema);
}

/** Rewrites document-relative `$ref`s (`#/...`) so they resolve against openapi.yaml. */
function anchorRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anchorRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? [key, documentId + value]
        : [key, anchorRefs(value)],
    ),
  );
}

function vendorKeywords(node: unknown, found = new Set<string>()): string[] {
  if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      vendorKeywords(value, found);
    }
  }
  return [...found];
}
