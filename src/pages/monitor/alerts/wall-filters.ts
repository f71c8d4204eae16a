import type { ResourceDescriptor } from '../../../resources/descriptors';
import type { ListState } from '../../../resources/list-query';
import { alertResource } from '../../../alerts-live/alert-options';
import type { AlertFilters } from './wall-state';

/**
 * The wall shows what waits for an operator unless told otherwise: a URL without a status means
 * pending, so the menu, a colleague's link and the search form's reset all open on the work to do.
 * Every status is one more choice of the status filter, `all`, which the server never sees.
 */
export const defaultStatus = 'pending';
export const everyStatus = 'all';

/** The alert resource as the wall's search form and URL take it: its status filter offers 全部. */
export const alertWallResource: ResourceDescriptor = {
  ...alertResource,
  fields: alertResource.fields.map((field) =>
    field.name === 'status' && field.options
      ? {
          ...field,
          options: [...field.options, { value: everyStatus, label: { zh: '全部', en: 'All' }, color: null }],
        }
      : field,
  ),
};

/** The filters the wall shows (and its search form fills in): the URL's, pending when it names no status. */
export function shownFilters(filters: AlertFilters): AlertFilters {
  return filters.status === undefined ? { ...filters, status: defaultStatus } : filters;
}

/** The filters as the list, export and handling operations take them: `all` is no status filter. */
export function serverFilters(filters: AlertFilters): AlertFilters {
  const shown = shownFilters(filters);
  return shown.status === everyStatus ? withoutStatus(shown) : shown;
}

/** The filters as the URL keeps them: the default status is left out, as page 1 is. */
export function urlFilters(filters: AlertFilters): AlertFilters {
  return filters.status === defaultStatus ? withoutStatus(filters) : filters;
}

function withoutStatus(filters: AlertFilters): AlertFilters {
  return Object.fromEntries(Object.entries(filters).filter(([name]) => name !== 'status'));
}

/** A list state with its filters passed through one of the above. */
export const withWallFilters = (
  state: ListState,
  pass: (filters: AlertFilters) => AlertFilters,
): ListState => ({
  ...state,
  filters: pass(state.filters),
});
