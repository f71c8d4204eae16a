import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useWhenScreenShownAgain } from '../session/screen-visibility';
import type { ResourceDescriptor } from './descriptors';
import type { ListState } from './list-query';
import { patchRows, useLiveRows } from './live-rows';
import { resourceApi, type ListPage } from './resource-api';
import { invalidateResource, listKey } from './resource-queries';

export interface ListResult {
  /** The last page loaded; kept while the next one loads so the table does not flash empty. */
  readonly page: ListPage | null;
  /** The page shown answers another query than the one asked (or none yet): it is on its way. */
  readonly loading: boolean;
  /**
   * The page shown answers the query asked and a fresher one, asked for (`reload`: after a save, a
   * delete, Refresh), is on its way: the rows stay usable meanwhile. Quiet refreshes (a screen shown
   * again, the server back) do not mark it.
   */
  readonly refreshing: boolean;
  /** The last load failed with no rows to show: the screen offers a retry. */
  readonly failed: boolean;
  /** The last load failed and the rows shown are the last ones loaded, kept but possibly old. */
  readonly stale: boolean;
  /** Reads the resource's lists and items again, after a change or when the reader asks. */
  reload(): void;
}

/**
 * The page a list state asks for, through the console's cache: a page seen before shows at once (and
 * is read again when older than the cache's freshness), a new one keeps the last page on screen
 * until it answers. A refresh answering the page already shown renders nothing.
 */
export function useResourceList(descriptor: ResourceDescriptor, state: ListState): ListResult {
  const client = useQueryClient();
  const key = listKey(descriptor, state);
  const query = useQuery({
    queryKey: key,
    queryFn: () => resourceApi.list(descriptor, state),
    placeholderData: keepPreviousData,
    // Refreshed below when the server is back and the screen shown: a kept screen out of sight waits.
    refetchOnReconnect: false,
  });
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => {
    setReloads((count) => count + 1);
    void invalidateResource(client, descriptor).finally(() => setReloads((count) => count - 1));
  }, [client, descriptor]);
  const refetch = () => void query.refetch();
  // A row's status changing on its own (a camera's stream) is patched in place, not reloaded.
  useLiveRows(
    descriptor.liveEvent,
    (change) =>
      client.setQueryData<ListPage>(key, (page) => {
        if (page === undefined) return page;
        const items = patchRows(page.items, change);
        return items === page.items ? page : { ...page, items };
      }),
    refetch,
  );
  // A kept screen shown again (or the server back) refreshes its rows quietly: they stay meanwhile.
  useWhenScreenShownAgain(refetch);
  const { data, isError, isPlaceholderData } = query;
  const sameQuery = data !== undefined && !isPlaceholderData;
  // A retry asked for after a failure shows the list waiting again, not the failure.
  const failed = isError && data === undefined && reloads === 0;
  return {
    page: data ?? null,
    loading: !sameQuery && !failed,
    refreshing: sameQuery && reloads > 0,
    failed,
    stale: isError && data !== undefined,
    reload,
  };
}
