import { isDeepStrictEqual } from 'node:util';
import { shown } from './diagnostics';
import { fieldDefaults, type FieldDescriptor } from '../src/resources/descriptors';
import type { LocalText, SearchFilterEntry } from './manifest';
import { deref, queryParameter, type OperationInfo } from '../contract/document';
import { checkWidget, fieldOptions, fieldType, type Report } from './resource-fields';
import { describe, factsOf, numberOrNull, stringOrNull } from './schema-facts';

// A manifest resource's search filters that are no item field: query parameters the server reads
// itself (its definitions' queryFilters), such as "passed a gate today". The search form draws each
// as a search field of the parameter's type, so the descriptor carries it as one.

export interface FilterContext {
  readonly openapi: unknown;
  readonly list: OperationInfo | undefined;
  readonly exporter: OperationInfo | undefined;
  readonly accessKeyLabels?: ReadonlyMap<string, LocalText>;
  readonly report: Report;
}

/** Each filter as a search field; one whose parameter the list lacks is reported and left out. */
export function resolveFilters(
  filters: readonly SearchFilterEntry[],
  context: FilterContext,
): FieldDescriptor[] {
  return filters.flatMap((filter, position) => {
    const report: Report = (at, message) =>
      context.report(['filters', position, ...at], `filter ${shown(filter.name)}: ${message}`);
    const resolved = resolveFilter(filter, { ...context, report });
    return resolved === null ? [] : [resolved];
  });
}

function resolveFilter(filter: SearchFilterEntry, context: FilterContext): FieldDescriptor | null {
  const { openapi, list, exporter, report } = context;
  // No list operation is reported with the resource's operations.
  if (list === undefined) return null;
  const parameter = queryParameter(openapi, list, filter.name);
  if (parameter === null) {
    report(['name'], `${list.id} has no query parameter ${shown(filter.name)}`);
    return null;
  }
  if (parameter['x-filter'] !== undefined || parameter['x-field'] !== undefined) {
    report(
      ['name'],
      `query parameter ${shown(filter.name)} of ${list.id} filters an item field (x-filter): show that field in search instead`,
    );
    return null;
  }
  const schema = deref(openapi, parameter.schema);
  const facts = factsOf(`query parameter ${filter.name} of ${list.id}`, schema, openapi);
  if (exporter !== undefined) {
    const exported = queryParameter(openapi, exporter, filter.name);
    if (exported === null) {
      report(
        ['name'],
        `${exporter.id} has no query parameter ${shown(filter.name)}, so the export would not filter by it`,
      );
    } else if (!isDeepStrictEqual(deref(openapi, exported.schema), schema)) {
      const other = factsOf(
        `query parameter ${filter.name} of ${exporter.id}`,
        deref(openapi, exported.schema),
      );
      report(['name'], `${other.where} is ${describe(other)}, but ${facts.where} is ${describe(facts)}`);
    }
  }
  checkWidget(filter, facts, report);
  return {
    name: filter.name,
    label: filter.label,
    widget: filter.widget,
    ...fieldDefaults,
    search: true,
    // The server compares the parameter itself; for the search form it is one value to match.
    filter: 'equals',
    type: fieldType(facts),
    minLength: numberOrNull(schema.minLength),
    maxLength: numberOrNull(schema.maxLength),
    pattern: stringOrNull(schema.pattern),
    minimum: facts.minimum,
    maximum: facts.maximum,
    format: facts.format,
    options: fieldOptions(filter, facts, report, context.accessKeyLabels ?? new Map()),
  };
}
