import { VariableDeclarationKind } from 'ts-morph';
import { literal } from '../literal';
import { componentParameters, isObject, operationsById, securitySchemes } from '../../contract/document';
import type { OpenApiDocument } from '../../contract/openapi-types';
import { sessionSubprotocolPrefix, socketProtocolOf } from '../../contract/socket-protocols';
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

/** The subprotocol of each WebSocket operation (`x-websocket`), by operationId, in file order. */
function socketProtocols(openapi: unknown): Record<string, string> {
  const protocols: Record<string, string> = {};
  for (const { id, operation, path, method } of operationsById(openapi).values()) {
    const protocol = socketProtocolOf(operation, `${method.toUpperCase()} ${path}`);
    if (protocol !== null) protocols[id] = protocol;
  }
  return protocols;
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
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["WebSocket operations' subprotocols (`x-websocket`), by operationId."],
    declarations: [{ name: 'socketProtocols', initializer: `${literal(socketProtocols(openapi))} as const` }],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["The prefix of the subprotocol offering the session token: a browser's socket sends no headers."],
    declarations: [
      {
        name: 'sessionSubprotocolPrefix',
        initializer: literal(sessionSubprotocolPrefix(openapi as OpenApiDocument)),
      },
    ],
  });
  return file.getFullText();
}
