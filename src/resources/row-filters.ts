import type { FieldDescriptor, ResourceDescriptor } from './descriptors';

type Row = Readonly<Record<string, unknown>>;
type Filters = Readonly<Record<string, string>>;

/** A value of a range: a time for a date or date-time field, else a number. */
function rangeValue(field: FieldDescriptor, value: unknown): number {
  return field.format === 'date-time' || field.format === 'date' ? Date.parse(String(value)) : Number(value);
}

function fieldMatches(field: FieldDescriptor, value: unknown, filters: Filters): boolean {
  if (field.filter === 'range' && field.range !== null) {
    const from = filters[field.range.from];
    const to = filters[field.range.to];
    const at = rangeValue(field, value);
    return (
      (from === undefined || at >= rangeValue(field, from)) &&
      (to === undefined || at <= rangeValue(field, to))
    );
  }
  const wanted = filters[field.name];
  if (wanted === undefined) return true;
  if (field.filter === 'equals') return String(value) === wanted;
  // As the server's `like` / `ilike` (server/db/portable-sql.ts containsText): the text anywhere, case aside.
  if (field.filter === 'contains') {
    return typeof value === 'string' && value.toLowerCase().includes(wanted.toLowerCase());
  }
  return true;
}

/**
 * Whether a row (a live alert the server pushed) belongs to a list the `filters` select, judged by
 * the rule each field's list parameter declares in openapi.yaml (x-filter, copied by codegen into
 * the generated descriptor) as the server's list judges it: equals is the same value, contains the
 * text anywhere with case aside, a range the value within its from / to. A parameter no field
 * declares (the resource's own `filters`, facts of other tables) is not judged here.
 */
export function matchesListFilters(descriptor: ResourceDescriptor, row: Row, filters: Filters): boolean {
  return descriptor.fields.every((field) => fieldMatches(field, row[field.name], filters));
}
