import { parse } from 'yaml';
import { ContractError } from './contract-error';
import type { OpenApiDocument } from './openapi-types';
import { expandResources, type ResourceDeclaration } from './x-resource';

/** openapi.yaml as both codegen and the server read it: `x-resource` expanded before anything else. */
export interface ReadContract {
  readonly document: OpenApiDocument;
  readonly resources: readonly ResourceDeclaration[];
}

/** Parses openapi.yaml's text and expands its resources; a ContractError says what is wrong. */
export function parseContract(text: string): ReadContract {
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch (cause) {
    throw new ContractError(`openapi.yaml: invalid YAML (${(cause as Error).message.split('\n')[0]})`);
  }
  const { document, resources } = expandResources(parsed);
  // The expansion checked the declarations; the rest of the shape is each reader's to check.
  return { document: document as OpenApiDocument, resources };
}
