import type { components } from '../../src/generated/openapi';
import type { PlatformContext } from '../operations/platform-context';
import type { OperationId, OperationInput } from '../operations/operation-handler';
import type { ReferenceRule, ResourceDefinition } from './resource-definition';
import { linksOf } from './resource-links';
import { pickLabels } from './resource-store';

/** How many choices one answer holds: a select shows the first ones and narrows as the operator types. */
export const choiceLimit = 20;

/** The choices operations of openapi.yaml (`list<Resource>Choices`): their queries differ in `field` only. */
type ChoicesOperationId = Extract<OperationId, `list${string}Choices`>;

/** Every reference field of the resource with its rule: plain, linked and those kept outside the item. */
export function referenceRules(definition: ResourceDefinition): ReadonlyMap<string, ReferenceRule> {
  const linked = Object.entries(linksOf(definition)).flatMap(([field, link]) =>
    link.references ? [[field, link.references] as const] : [],
  );
  return new Map([
    ...Object.entries(definition.references ?? {}),
    ...linked,
    ...Object.entries(definition.otherReferences ?? {}),
  ]);
}

/**
 * The handler of a resource's choices operation: ids and labels of what one of its reference fields
 * may hold, under the resource's own key. The contract's `field` enum lists the fields; a field it
 * names that the definition lacks is a programming error, found by the contract test.
 */
export function choicesOperation(
  definition: ResourceDefinition,
): (
  input: Pick<OperationInput<ChoicesOperationId>, 'query'>,
  ctx: PlatformContext,
) => Promise<components['schemas']['ChoiceList']> {
  const rules = referenceRules(definition);
  return async ({ query }, ctx) => {
    const rule = rules.get(query.field);
    if (rule === undefined) throw new Error(`${definition.schema}: no reference rule for ${query.field}`);
    const ids = query.ids === undefined ? null : [...new Set(query.ids.split(',').map(Number))];
    const items = await pickLabels(ctx.db, rule, {
      text: query.q?.trim() ?? '',
      ids,
      limit: ids?.length ?? choiceLimit,
    });
    return { items };
  };
}
