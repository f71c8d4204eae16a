import { VariableDeclarationKind } from 'ts-morph';
import { literal } from '../literal';
import { componentParameters, isObject, securitySchemes } from '../../contract/document';
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

/** The header of components.parameters.TimeZone, which the console sends on every call. */
function timeZoneHeaderName(openapi: unknown): string {
  const parameter = componentParameters(openapi).TimeZone;
  if (!isObject(parameter) || parameter.in !== 'header' || typeof parameter.name !== 'string') {
    throw new Error('openapi.yaml: components.parameters.TimeZone must be a header parameter');
  }
  return parameter.name;
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
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      "The header telling the operator's IANA time zone, named once in openapi.yaml components.parameters.",
    ],
    declarations: [{ name: 'timeZoneHeader', initializer: literal(timeZoneHeaderName(openapi)) }],
  });
  return file.getFullText();
}
