import { VariableDeclarationKind } from 'ts-morph';
import { literal } from '../literal';
import { isObject, securitySchemes } from '../openapi-doc';
import { newSourceFile } from './source-file';

/** Header names of the apiKey security schemes, keyed by scheme name, in file order. */
function securityHeaderNames(openapi: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [scheme, definition] of Object.entries(securitySchemes(openapi))) {
    if (isObject(definition) && definition.type === 'apiKey' && definition.in === 'header') {
      headers[scheme] = String(definition.name);
    }
  }
  return headers;
}

export function emitContract(openapi: unknown): string {
  const file = newSourceFile('contract.ts');
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Request header names, named once in openapi.yaml components.securitySchemes.'],
    declarations: [
      { name: 'securityHeaders', initializer: `${literal(securityHeaderNames(openapi))} as const` },
    ],
  });
  return file.getFullText();
}
