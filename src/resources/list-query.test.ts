import { describe, expect, it } from 'vitest';
import {
  emptyListState,
  filterQuery,
  lastPage,
  listQuery,
  listStateFromQuery,
  orderOfColumn,
  pageSizeOptions,
  queryFromListState,
  searchFields,
  sortFromOrder,
  withFilters,
} from './list-query';
import { device, field } from './test-fixtures';

const read = (query: string) => listStateFromQuery(device, new URLSearchParams(query));

describe('the list state in the URL query', () => {
  it('is the defaults for an empty query', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 20, sort: null, filters: {} });
    expect(read('')).toEqual(emptyListState(device));
  });

  it('reads page, page size, sort and the search fields', () => {
    expect(read('page=2&pageSize=10&sort=-createdAt&name=abc&status=online&enabled=true')).toEqual({
      page: 2,
      pageSize: 10,
      sort: '-createdAt',
      filters: { name: 'abc', status: 'online', enabled: 'true' },
    });
  });

  it('ignores what the descriptor does not allow', () => {
    expect(
      read('page=0&pageSize=500&sort=port&status=lost&enabled=maybe&port=80&note=' + 'x'.repeat(17)),
    ).toEqual({ page: 1, pageSize: 20, sort: null, filters: {} });
    expect(read('page=-3&pageSize=abc&sort=-unknown').page).toBe(1);
  });

  it('trims filter values and drops blank ones', () => {
    expect(read('name=%20abc%20&note=%20%20').filters).toEqual({ name: 'abc' });
  });

  it('writes only what differs from the defaults, in a stable order', () => {
    const state = { page: 3, pageSize: 20, sort: 'name', filters: { status: 'offline', name: 'a b' } };
    expect(queryFromListState(device, state).toString()).toBe('page=3&sort=name&name=a+b&status=offline');
    expect(queryFromListState(device, emptyListState(device)).toString()).toBe('');
  });

  it('survives a round trip through the URL', () => {
    const state = { page: 2, pageSize: 50, sort: '-name', filters: { name: '边缘盒子&1', enabled: 'false' } };
    expect(read(queryFromListState(device, state).toString())).toEqual(state);
  });
});

describe('list requests and changes', () => {
  it('sends page, size, sort and filters to the list operation', () => {
    expect(listQuery({ page: 2, pageSize: 10, sort: '-name', filters: { name: 'a' } })).toEqual({
      page: 2,
      pageSize: 10,
      sort: '-name',
      name: 'a',
    });
    expect(listQuery(emptyListState(device))).toEqual({ page: 1, pageSize: 20 });
  });

  it('goes back to page 1 with new search values, keeping sort and size', () => {
    const state = { page: 4, pageSize: 10, sort: 'name', filters: { name: 'old' } };
    expect(withFilters(device, state, { name: ' new ', status: undefined, note: '', enabled: null })).toEqual(
      {
        page: 1,
        pageSize: 10,
        sort: 'name',
        filters: { name: 'new' },
      },
    );
  });

  it('offers the search fields that the list operation filters by', () => {
    expect(searchFields(device).map((field) => field.name)).toEqual(['name', 'status', 'note', 'enabled']);
  });

  it('maps table sort orders to sort values and back', () => {
    expect(sortFromOrder('name', 'ascend')).toBe('name');
    expect(sortFromOrder('name', 'descend')).toBe('-name');
    expect(sortFromOrder('name', null)).toBeNull();
    expect(orderOfColumn('-name', 'name')).toBe('descend');
    expect(orderOfColumn('name', 'name')).toBe('ascend');
    expect(orderOfColumn('-createdAt', 'name')).toBeNull();
  });

  it('offers page sizes up to the operation maximum', () => {
    expect(pageSizeOptions(device)).toEqual([10, 20, 50]);
    expect(pageSizeOptions({ ...device, pageSizeMax: 5 })).toEqual([5]);
  });

  it('finds the last page holding rows', () => {
    expect(lastPage(41, 20)).toBe(3);
    expect(lastPage(40, 20)).toBe(2);
    expect(lastPage(0, 20)).toBe(1);
  });
});

describe('a range filter in the URL query', () => {
  const logbook = {
    ...device,
    name: 'logbook',
    fields: [
      field({
        name: 'time',
        widget: 'datetime',
        format: 'date-time',
        form: false,
        search: true,
        filter: 'range',
        range: { from: 'timeFrom', to: 'timeTo' },
        sortable: true,
      }),
      field({ name: 'user', search: true, filter: 'contains', form: false }),
    ],
  } satisfies typeof device;
  const readLog = (query: string) => listStateFromQuery(logbook, new URLSearchParams(query));

  it('reads both bounds, as UTC instants, each one optional', () => {
    expect(
      readLog('timeFrom=2030-01-01T16:00:00%2B08:00&timeTo=2030-01-01T09:30:00.000Z&user=ad').filters,
    ).toEqual({ timeFrom: '2030-01-01T08:00:00.000Z', timeTo: '2030-01-01T09:30:00.000Z', user: 'ad' });
    expect(readLog('timeTo=2030-01-01T09:30:00Z').filters).toEqual({ timeTo: '2030-01-01T09:30:00.000Z' });
  });

  it('drops a bound that is not a date-time, and a parameter named after the field', () => {
    expect(readLog('timeFrom=yesterday&timeTo=1&time=2030-01-01T09:30:00Z').filters).toEqual({});
  });

  it('writes the bounds back to the query and into the list call, after a search', () => {
    const state = withFilters(logbook, emptyListState(logbook), {
      timeFrom: '2030-01-01T08:00:00.000Z',
      timeTo: '2030-01-02T08:00:00.000Z',
      time: 'ignored',
    });
    expect(state.filters).toEqual({
      timeFrom: '2030-01-01T08:00:00.000Z',
      timeTo: '2030-01-02T08:00:00.000Z',
    });
    const query = queryFromListState(logbook, state);
    expect(query.toString()).toBe(
      'timeFrom=2030-01-01T08%3A00%3A00.000Z&timeTo=2030-01-02T08%3A00%3A00.000Z',
    );
    expect(readLog(query.toString())).toEqual(state);
    expect(listQuery(state)).toEqual({
      page: 1,
      pageSize: 20,
      timeFrom: '2030-01-01T08:00:00.000Z',
      timeTo: '2030-01-02T08:00:00.000Z',
    });
  });
});

describe('a filter that is no field, in the URL query', () => {
  const staff = {
    ...device,
    name: 'staff',
    filters: [
      field({
        name: 'passedToday',
        type: 'boolean',
        widget: 'switch',
        table: false,
        form: false,
        detail: false,
        search: true,
        filter: 'equals',
      }),
    ],
  } satisfies typeof device;
  const readStaff = (query: string) => listStateFromQuery(staff, new URLSearchParams(query));

  it('is offered after the search fields, and only where the resource has it', () => {
    expect(searchFields(staff).map((field) => field.name)).toEqual([
      'name',
      'status',
      'note',
      'enabled',
      'passedToday',
    ]);
    expect(read('passedToday=true').filters).toEqual({});
  });

  it('reads true or false beside the fields, dropping anything else', () => {
    expect(readStaff('passedToday=true&name=ab').filters).toEqual({ name: 'ab', passedToday: 'true' });
    expect(readStaff('passedToday=yes').filters).toEqual({});
  });

  it('survives a search and a round trip through the URL, and reaches the list and the export', () => {
    const state = withFilters(staff, emptyListState(staff), { passedToday: 'false', status: 'online' });
    const query = queryFromListState(staff, state);
    expect(query.toString()).toBe('status=online&passedToday=false');
    expect(readStaff(query.toString())).toEqual(state);
    expect(listQuery(state)).toEqual({ page: 1, pageSize: 20, status: 'online', passedToday: 'false' });
    expect(filterQuery({ ...state, sort: 'name' })).toEqual({
      sort: 'name',
      status: 'online',
      passedToday: 'false',
    });
  });
});
