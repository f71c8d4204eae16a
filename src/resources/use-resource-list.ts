import { useEffect, useState } from 'react';
import type { ResourceDescriptor } from '../generated/resources';
import { listQuery, type ListState } from './list-query';
import { resourceApi, type ListPage } from './resource-api';

interface Loaded {
  readonly key: string;
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
  readonly loading: boolean;
  readonly failed: boolean;
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
    return seen ? { key: '', page: seen, failed: false } : null;
  });
  useEffect(() => {
    let current = true;
    resourceApi.list(descriptor, state).then(
      (page) => {
        lastPages.set(query, page);
        // A refresh answering what the list already shows (a kept screen shown again, where the
        // effect runs anew) leaves the state as it is: React then renders nothing of the table.
        if (!current) return;
        setLoaded((last) =>
          last !== null && last.key === key && !last.failed && samePage(last.page, page)
            ? last
            : { key, page, failed: false },
        );
      },
      // call() has already told the reader (toast, or the login page on an expired session).
      () => current && setLoaded((last) => ({ key, page: last?.page ?? null, failed: true })),
    );
    return () => {
      current = false;
    };
  }, [descriptor, state, query, key]);
  const loading = loaded?.key !== key;
  return {
    page: loaded?.failed ? null : (loaded?.page ?? null),
    loading,
    failed: !loading && loaded.failed,
  };
}
