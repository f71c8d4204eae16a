import type { StoredField } from './resource-definition';

/** A list kept as JSON text in one column (labels, days, phone numbers); an empty column is none. */
export const jsonListField: StoredField = {
  fromRow: (value): unknown => JSON.parse(String(value ?? '[]')),
  toRow: (value) => JSON.stringify(value ?? []),
};
