import { declaredResources, type DeclaredSchema } from '../../src/generated/declared-resources';
import type { OperationHandler } from '../operations/operation-handler';
import type { ResourceDefinition } from './resource-definition';
import {
  contractTyped,
  resourceOperations,
  type ResourceHandlers,
  type ResourceOperationIds,
} from './resource-handlers';

// A resource openapi.yaml declares with `x-resource` is bound by its declaration: its handlers take
// their operationIds from the generated declarations, never from a second copy typed here.

type DeclaredIds<Schema extends DeclaredSchema> = (typeof declaredResources)[Schema];
type DeclaredOperationId = {
  [Schema in DeclaredSchema]: DeclaredIds<Schema>[keyof DeclaredIds<Schema>];
}[DeclaredSchema];

/** A definition keeping its schema's name as a type, so its declaration is found at compile time. */
export function defineResource<const Schema extends string>(
  definition: ResourceDefinition<Schema>,
): ResourceDefinition<Schema> {
  return definition;
}

/**
 * The standard handlers of a declared resource whose definition states exceptions to the
 * conventions; `extra` names the operations beyond the standard ones (its choices).
 */
export function declaredOperations<Schema extends DeclaredSchema>(
  definition: ResourceDefinition<Schema>,
): ResourceHandlers<DeclaredIds<Schema>>;
export function declaredOperations<Schema extends DeclaredSchema, const Extra extends ResourceOperationIds>(
  definition: ResourceDefinition<Schema>,
  extra: Extra,
): ResourceHandlers<DeclaredIds<Schema> & Extra>;
export function declaredOperations(
  definition: ResourceDefinition<DeclaredSchema>,
  extra: ResourceOperationIds = {},
): ResourceHandlers<ResourceOperationIds> {
  return resourceOperations(definition, { ...declaredResources[definition.schema], ...extra });
}

/**
 * The handlers of every declared resource that has no hand-written handler of its own: a plain
 * resource served by the conventions alone (its table, columns, unique fields and label all follow
 * from its schema). Those with handlers in `handled` are left to them.
 */
export function plainResourceOperations(handled: object): {
  readonly [Id in DeclaredOperationId]: OperationHandler<Id>;
} {
  const plain = Object.entries(declaredResources).filter(
    ([, ids]) => !Object.values(ids).some((id) => Object.hasOwn(handled, id)),
  );
  return contractTyped(
    Object.assign({}, ...plain.map(([schema, ids]) => resourceOperations({ schema }, ids))),
  );
}
