import { useCallback, useMemo } from 'react';
import type { ResourceDescriptor } from './descriptors';
import { useScreenLocation, useScreenQueryNavigate } from '../session/screen-location';
import { listStateFromQuery, queryFromListState, type ListState } from './list-query';

/**
 * The list state read from and written to the URL query. Every change is a history entry, so
 * Back restores the previous list; `replace` corrects the URL without one. Setting answers
 * false when the URL already shows that state.
 */
export function useListState(
  descriptor: ResourceDescriptor,
): [ListState, (next: ListState, options?: { replace?: boolean }) => boolean] {
  const { search } = useScreenLocation();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const setQuery = useScreenQueryNavigate();
  const state = useMemo(() => listStateFromQuery(descriptor, query), [descriptor, query]);
  const setState = useCallback(
    (next: ListState, options: { replace?: boolean } = {}) => {
      const nextQuery = queryFromListState(descriptor, next);
      // Searching again for the same list is no step to go Back over.
      if (nextQuery.toString() === query.toString()) return false;
      setQuery(nextQuery, { replace: options.replace ?? false });
      return true;
    },
    [descriptor, query, setQuery],
  );
  return [state, setState];
}
