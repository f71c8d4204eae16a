import { useCallback, useEffect, useRef, useState } from 'react';
import { useWhenScreenShownAgain } from '../session/screen-visibility';
import type { ResourceDescriptor } from './descriptors';
import { listQuery, type ListState } from './list-query';
import { patchRows, useLiveRows } from './live-rows';
import { resourceApi, type ListPage } from './resource-api';

interface Loaded {
  /** The query answered, with the reload it answered: the page is fresh when this is the asked key. */
  readonly key: string;
  /** The query answered: a page of another one (another page, filter or sort) is not what is asked. */
  readonly query: string;
  readonly page: ListPage | null;
  readonly failed: boolean;
}

// The last page seen for each list query, for the life of the tab: coming back to a screen
// shows it at once while the fresh page loads (stale-while-revalidate), instead of a blank table.
const lastPages = new Map<string, ListPage>();

function samePage(shown: ListPage | null, fresh: ListPage): boolean {
  return shown !== null && JSON.stringify(shown) === JSON.stringify(fresh);
}

export interface ListResult {
  /** The last page loaded; kept while the next one loads so the table does not flash empty. */
  readonly page: ListPage | null;
  /** The page shown answers another query than the one asked (or none yet): it is on its way. */
  readonly loading: boolean;
  /**
   * The page shown answers the query asked and a fresher one is on its way (after a save, a
   * delete, Refresh): the rows stay usable meanwhile. A screen shown again refreshes quietly.
   */
  readonly refreshing: boolean;
  /** The last load failed with no rows to show: the screen offers a retry. */
  readonly failed: boolean;
  /** The last load failed and the rows shown are the last ones loaded, kept but possibly old. */
  readonly stale: boolean;
}

/** Loads the page a list state asks for; a new `reloadCount` loads it again. */
export function useResourceList(
  descriptor: ResourceDescriptor,
  state: ListState,
  reloadCount: number,
): ListResult {
  const query = JSON.stringify([descriptor.name, listQuery(state)]);
  const key = JSON.stringify([query, reloadCount]);
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const seen = lastPages.get(query);
    return seen ? { key: '', query, page: seen, failed: false } : null;
  });
  // Reads the asked query when it answers: a page for a query no longer asked is not shown.
  const asked = useRef(key);
  useEffect(() => {
    asked.current = key;
  });
  const load = useCallback(() => {
    resourceApi.list(descriptor, state).then(
      (page) => {
        lastPages.set(query, page);
        // A refresh answering what the list already shows (a kept screen shown again) leaves the
        // state as it is: React then renders nothing of the table.
        if (asked.current !== key) return;
        setLoaded((last) =>
          last !== null && last.key === key && !last.failed && samePage(last.page, page)
            ? last
            : { key, query, page, failed: false },
        );
      },
      // call() has already told the reader (toast, or the login page on an expired session). The
      // rows of this query stay, marked stale; another query's would answer the wrong question.
      () =>
        asked.current === key &&
        setLoaded((last) => ({ key, query, page: last?.query === query ? last.page : null, failed: true })),
    );
  }, [descriptor, state, query, key]);
  useEffect(load, [load]);
  // A row's status changing on its own (a camera's stream) is patched in place, not reloaded.
  useLiveRows(
    descriptor.liveEvent,
    (change) =>
      setLoaded((last) => {
        if (last?.page == null) return last;
        const items = patchRows(last.page.items, change);
        if (items === last.page.items) return last;
        const page = { ...last.page, items };
        lastPages.set(last.query, page);
        return { ...last, page };
      }),
    load,
  );
  // A kept screen shown again refreshes its rows quietly: they stay as they are meanwhile.
  useWhenScreenShownAgain(load);
  const pending = loaded?.key !== key;
  const sameQuery = loaded?.query === query && loaded.page !== null;
  const failedLast = !pending && loaded.failed;
  return {
    page: loaded?.page ?? null,
    loading: pending && !sameQuery,
    refreshing: pending && sameQuery,
    failed: failedLast && loaded.page === null,
    stale: failedLast && loaded.page !== null,
  };
}
