import type { ActionDescriptor } from './descriptors';
import type { Entity } from './form-values';

/** The actions that apply to a row: those without `when`, and those whose every `when` field holds a listed value. */
export function actionsFor(actions: readonly ActionDescriptor[], entity: Entity): ActionDescriptor[] {
  return actions.filter(
    (action) =>
      action.when === null ||
      Object.entries(action.when).every(([field, values]) => values.includes(String(entity[field]))),
  );
}
