import { describe, expect, it } from 'vitest';
import { contract } from '../test-support/test-app';
import { createSchemaCompiler } from './schema-compiler';

// The server compiles request schemas at start, but answer schemas only where tests check answers;
// this compiles every named schema in strict mode, so a slip in openapi.yaml (a YAML flow mapping
// split by a comma in a description, an unknown keyword) is reported naming the schema.
describe('openapi.yaml components.schemas', () => {
  const compile = createSchemaCompiler(contract, { coerceTypes: false });
  it.each(Object.keys(contract.document.components?.schemas ?? {}))('%s compiles in strict mode', (name) => {
    expect(() => compile({ $ref: `#/components/schemas/${name}` })).not.toThrow();
  });
});
