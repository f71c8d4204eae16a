import { fieldLabels, type LabelledField } from '../../src/generated/field-labels';
import type { LocalText } from '../kernel/locale';

export type { LabelledField };

// Keyed by every manifest resource's item schema; a resource the manifest does not list has none.
const bySchema: Readonly<Record<string, readonly LabelledField[] | undefined>> = fieldLabels;

/** The manifest's fields of the resource with this item schema, in manifest order (none when unlisted). */
export function labelledFields(schema: string): readonly LabelledField[] {
  return bySchema[schema] ?? [];
}

/** A field's manifest label; its API name in both languages where the manifest has none. */
export function fieldLabel(schema: string, field: string): LocalText {
  return (
    labelledFields(schema).find((labelled) => labelled.name === field)?.label ?? { zh: field, en: field }
  );
}

/** `修改：安装位置、端口` / `changed: Location, Port`: an update's operation log detail. */
export function changedFieldsText(schema: string, changed: readonly string[]): LocalText {
  if (changed.length === 0) return { zh: '无变更', en: 'nothing changed' };
  const labels = changed.map((field) => fieldLabel(schema, field));
  return {
    zh: `修改：${labels.map((label) => label.zh).join('、')}`,
    en: `changed: ${labels.map((label) => label.en).join(', ')}`,
  };
}
