import alert from '../generated/resources/alert';
import { resourceOf, type FieldOption } from '../resources/descriptors';

/** The alert resource, which the alert wall shows and the video wall links to. */
export const alertResource = resourceOf(alert);

/** The option (label, colour) of an enum value, from the manifest's field options. */
export function optionOf(options: readonly FieldOption[], value: string): FieldOption | undefined {
  return options.find((option) => option.value === value);
}

const optionsOf = (name: string): readonly FieldOption[] =>
  alertResource.fields.find((field) => field.name === name)?.options ?? [];

/** How the alert wall and the video wall name and colour an alert's level and status. */
export const alertOptions = { level: optionsOf('level'), status: optionsOf('status') } as const;
