import { ContractError } from './contract-error';
import type { OpenApiDocument, OperationObject } from './openapi-types';
import { SESSION_SCHEME } from './operation-access';

/** A WebSocket subprotocol is an HTTP token (RFC 6455 §4.1, RFC 7230 §3.2.6). */
const httpToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The prefix of the subprotocol a browser's WebSocket offers its session token as (it can send no
 * header): the session scheme's `x-session-subprotocol-prefix`, read by the server and the console.
 */
export function sessionSubprotocolPrefix(document: OpenApiDocument): string {
  const prefix = document.components?.securitySchemes?.[SESSION_SCHEME]?.['x-session-subprotocol-prefix'];
  if (typeof prefix !== 'string' || !httpToken.test(prefix)) {
    throw new ContractError(
      `openapi.yaml: components.securitySchemes.${SESSION_SCHEME}.x-session-subprotocol-prefix must be an HTTP token`,
    );
  }
  return prefix;
}

/** The subprotocol of an operation served over a WebSocket (`x-websocket`), or null for any other. */
export function socketProtocolOf(operation: OperationObject, where: string): string | null {
  const protocol = operation['x-websocket'];
  if (protocol === undefined) return null;
  if (typeof protocol !== 'string' || !httpToken.test(protocol)) {
    throw new ContractError(`openapi.yaml: ${where} x-websocket must be an HTTP token`);
  }
  return protocol;
}
