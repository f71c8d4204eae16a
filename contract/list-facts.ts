import type { ParameterObject } from './openapi-types';

// What a list (or export) operation accepts, read from its resolved query parameters.

export type FilterMode = 'contains' | 'equals' | 'from' | 'to';

export interface FilterShape {
  readonly param: string;
  readonly field: string;
  readonly mode: FilterMode;
  readonly dateTime: boolean;
}

export interface ListShape {
  /**
   * Query parameters marked `x-filter`: `param` is the query parameter, `field` the field it filters
   * (the parameter's name, or its `x-field` for a range bound). `dateTime`: a date-time value, compared
   * as the stored ISO text once normalised to UTC.
   */
  readonly filters: readonly FilterShape[];
  /** The `sort` enum: `field` ascending, `-field` descending. */
  readonly sorts: readonly string[];
  readonly defaultSort: string | null;
  readonly defaultPage: number;
  readonly defaultPageSize: number;
}

export function listFacts(parameters: readonly ParameterObject[]): ListShape {
  const query = parameters.filter((p) => p.in === 'query');
  const schemaOf = (name: string) => query.find((p) => p.name === name)?.schema ?? {};
  const sort = schemaOf('sort');
  return {
    filters: query.flatMap((p) => {
      const mode = p['x-filter'];
      if (!mode) return [];
      return [
        { param: p.name, field: p['x-field'] ?? p.name, mode, dateTime: p.schema?.format === 'date-time' },
      ];
    }),
    sorts: Array.isArray(sort.enum) ? sort.enum.map(String) : [],
    defaultSort: typeof sort.default === 'string' ? sort.default : null,
    defaultPage: numberOr(schemaOf('page').default, 1),
    defaultPageSize: numberOr(schemaOf('pageSize').default, 20),
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}
