import type { StoredField } from './resource-definition';

/** A list kept as JSON text in one column (labels, days, phone numbers); an empty column is none. */
export const jsonListField: StoredField = {
  fromRow: (value) => JSON.parse(String(value ?? '[]')) as unknown,
  toRow: (value) => JSON.stringify(value ?? []),
};
