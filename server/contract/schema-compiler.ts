import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Contract } from './load-contract';
import type { JsonSchema } from '../../contract/openapi-types';

const documentId = 'cfop:openapi.yaml';

/** Keywords OpenAPI allows inside schemas that JSON Schema 2020-12 does not know. */
const openApiSchemaKeywords = ['example', 'discriminator', 'xml', 'externalDocs'];

export type SchemaCompiler = (schema: JsonSchema) => ValidateFunction;

/** The compilers made so far, per contract and coercion (see createSchemaCompiler). */
const compilers = new WeakMap<Contract, Map<boolean, SchemaCompiler>>();

/**
 * Compiles schemas whose `$ref`s point into openapi.yaml (`#/components/schemas/...`), so request
 * validation uses the contract's own definitions. `coerceTypes` is for query and header values,
 * which arrive as strings. One compiler per contract and coercion serves every caller, and it
 * compiles each schema once: compiling the contract's few hundred schemas took most of an app's
 * start, which a process starting many apps on one contract (the tests) repeated for each.
 */
export function createSchemaCompiler(contract: Contract, options: { coerceTypes: boolean }): SchemaCompiler {
  const made = compilers.get(contract) ?? new Map<boolean, SchemaCompiler>();
  compilers.set(contract, made);
  const found = made.get(options.coerceTypes);
  if (found) return found;
  const compiler = newSchemaCompiler(contract, options);
  made.set(options.coerceTypes, compiler);
  return compiler;
}

function newSchemaCompiler(contract: Contract, options: { coerceTypes: boolean }): SchemaCompiler {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, coerceTypes: options.coerceTypes });
  addFormats(ajv);
  const schemas = contract.document.components?.schemas ?? {};
  // `components` is an annotation here: the root only exists so `#/components/schemas/...` resolves.
  ajv.addVocabulary(['components', ...openApiSchemaKeywords, ...vendorKeywords(contract.document)]);
  ajv.addSchema({ $id: documentId, components: { schemas } });
  // By the schema's text: callers build wrapper schemas (a request's query, its headers) afresh.
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(anchorRefs(schema) as JsonSchema);
      compiled.set(key, validate);
    }
    return validate;
  };
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
