import { resourceDeclarations } from '../../contract/x-resource';
import { literal } from '../literal';

/**
 * Each `x-resource` declaration's operationIds by role, keyed by its item schema, for the server to
 * bind the generic handlers by, typed down to each id, without typing an operationId again.
 */
export function emitDeclaredResources(openapi: unknown): string {
  const bySchema = Object.fromEntries(
    resourceDeclarations(openapi).map((declared) => [declared.schema, declared.operationIds]),
  );
  return [
    '/** The standard operations of each resource openapi.yaml declares with x-resource, by role. */',
    `export const declaredResources = ${literal(bySchema)} as const;`,
    '',
    'export type DeclaredSchema = keyof typeof declaredResources;',
    '',
  ].join('\n');
}
