import type { FieldDescriptor, ResourceDescriptor } from './descriptors';

/** What the list shows: kept in the URL query so a reload, a shared link or Back restores it. */
export interface ListState {
  readonly page: number;
  readonly pageSize: number;
  /** A sortable field, '-' first for descending; null leaves the server's default order. */
  readonly sort: string | null;
  /**
   * Search values by query parameter, only non-empty ones: the field's name, or for a range filter
   * the names of its two bounds (`timeFrom`, `timeTo`), each an ISO date-time.
   */
  readonly filters: Readonly<Record<string, string>>;
}

export const defaultPageSize = 20;
const pageSizeChoices = [10, 20, 50, 100];

/**
 * What the search form offers: the fields shown in search and filterable by the list operation,
 * then the resource's filters that are no field.
 */
export function searchFields(descriptor: ResourceDescriptor): FieldDescriptor[] {
  return [
    ...descriptor.fields.filter((field) => field.search && field.filter !== null),
    ...descriptor.filters,
  ];
}

export function pageSizeOptions(descriptor: ResourceDescriptor): number[] {
  const choices = pageSizeChoices.filter((size) => size <= descriptor.pageSizeMax);
  return choices.length > 0 ? choices : [descriptor.pageSizeMax];
}

function firstPageSize(descriptor: ResourceDescriptor): number {
  return Math.min(defaultPageSize, descriptor.pageSizeMax);
}

export function emptyListState(descriptor: ResourceDescriptor): ListState {
  return { page: 1, pageSize: firstPageSize(descriptor), sort: null, filters: {} };
}

function positiveInteger(text: string | null): number | null {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

/** The field name a sort value orders by, when the value is one the descriptor allows. */
export function sortField(descriptor: ResourceDescriptor, sort: string | null): string | null {
  if (sort === null) return null;
  const name = sort.startsWith('-') ? sort.slice(1) : sort;
  return descriptor.fields.some((field) => field.name === name && field.sortable) ? name : null;
}

/** A filter value as the list operation accepts it for this field; null drops it. */
export function filterValue(field: FieldDescriptor, raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (field.options !== null) return field.options.some((option) => option.value === value) ? value : null;
  if (field.type === 'boolean') return value === 'true' || value === 'false' ? value : null;
  if (field.type === 'integer') return /^-?\d+$/.test(value) ? value : null;
  if (field.type === 'number') return Number.isFinite(Number(value)) ? value : null;
  if (field.maxLength !== null && [...value].length > field.maxLength) return null;
  return value;
}

/** The query parameters a search field fills: its name, or the two bounds of a range. */
export function filterParams(field: FieldDescriptor): string[] {
  return field.range === null ? [field.name] : [field.range.from, field.range.to];
}

/** A range bound as the list operation takes it: an ISO date-time in UTC; null drops it. */
export function boundValue(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  // Date.parse accepts loose forms ("1"); a bound must at least look like a date.
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

/** The filters of one search field from raw values keyed by query parameter. */
function fieldFilters(field: FieldDescriptor, raw: (param: string) => string | null): [string, string][] {
  if (field.range === null) {
    const value = filterValue(field, raw(field.name));
    return value === null ? [] : [[field.name, value]];
  }
  return filterParams(field).flatMap((param): [string, string][] => {
    const value = boundValue(raw(param));
    return value === null ? [] : [[param, value]];
  });
}

/** The list state a URL query asks for; values the descriptor does not allow are ignored. */
export function listStateFromQuery(descriptor: ResourceDescriptor, query: URLSearchParams): ListState {
  const pageSize = positiveInteger(query.get('pageSize'));
  const sort = query.get('sort');
  const filters = Object.fromEntries(
    searchFields(descriptor).flatMap((field) => fieldFilters(field, (param) => query.get(param))),
  );
  return {
    page: positiveInteger(query.get('page')) ?? 1,
    pageSize: pageSize !== null && pageSize <= descriptor.pageSizeMax ? pageSize : firstPageSize(descriptor),
    sort: sortField(descriptor, sort) === null ? null : sort,
    filters,
  };
}

/** The URL query of a list state, leaving out what equals the defaults (page 1, first page size). */
export function queryFromListState(descriptor: ResourceDescriptor, state: ListState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.page !== 1) query.set('page', String(state.page));
  if (state.pageSize !== firstPageSize(descriptor)) query.set('pageSize', String(state.pageSize));
  if (state.sort !== null) query.set('sort', state.sort);
  for (const field of searchFields(descriptor)) {
    for (const param of filterParams(field)) {
      const value = state.filters[param];
      if (value !== undefined) query.set(param, value);
    }
  }
  return query;
}

/** Filters and sort as the list and export operations take them. */
export function filterQuery(state: ListState): Record<string, string> {
  return state.sort === null ? { ...state.filters } : { sort: state.sort, ...state.filters };
}

/** The list operation's query for a state. */
export function listQuery(state: ListState): Record<string, string | number> {
  return { page: state.page, pageSize: state.pageSize, ...filterQuery(state) };
}

/**
 * The state after new search values (keyed by query parameter, as `filters`): back to page 1, sort
 * and page size kept.
 */
export function withFilters(
  descriptor: ResourceDescriptor,
  state: ListState,
  values: Readonly<Record<string, unknown>>,
): ListState {
  const raw = (param: string) => {
    const value = values[param];
    return value === undefined || value === null ? null : String(value);
  };
  const filters = Object.fromEntries(searchFields(descriptor).flatMap((field) => fieldFilters(field, raw)));
  return { ...state, page: 1, filters };
}

/** The sort value for a table header click: antd's order, or null when the column is unsorted. */
export function sortFromOrder(field: string, order: 'ascend' | 'descend' | null | undefined): string | null {
  if (order === 'ascend') return field;
  if (order === 'descend') return `-${field}`;
  return null;
}

/** antd's sort order of a column under the current sort. */
export function orderOfColumn(sort: string | null, field: string): 'ascend' | 'descend' | null {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** The last page holding rows, for when deletions leave the current page past the end. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
