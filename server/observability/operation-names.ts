import type { FastifyRequest } from 'fastify';
import type { Contract, OperationSpec } from '../contract/load-contract';

/** The contract's operation a request was routed to, or null (a page, a file, a probe, no route). */
export type OperationOf = (request: FastifyRequest) => OperationSpec | null;

/**
 * Finds a request's operation by its route (method and Fastify's URL pattern, as
 * registerOperationRoutes binds them), never by its URL: ids in paths name no new operation.
 */
export function operationFinder(contract: Contract): OperationOf {
  const byRoute = new Map(
    contract.operations.map((operation) => [routeKey(operation.method, operation.url), operation]),
  );
  return (request) => {
    const url = request.routeOptions.url;
    return url === undefined ? null : (byRoute.get(routeKey(request.method, url)) ?? null);
  };
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * A request's name in the metrics: its operationId; outside the API, its route (`/`, `/*` for the
 * console's files, `/readyz`), or `unmatched` when none answered it (a 404).
 */
export function requestName(request: FastifyRequest, operation: OperationSpec | null): string {
  return operation?.operationId ?? request.routeOptions.url ?? 'unmatched';
}
