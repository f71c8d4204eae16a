import { skipToken, useQuery, type QueryKey } from '@tanstack/react-query';

/** One read through the console's cache (query-client.ts), as a screen shows it. */
export interface Read<T> {
  /** The answer, kept while a newer one loads; undefined until the first. */
  readonly data: T | undefined;
  /** The read failed and there is no answer to show: the screen offers `retry`. */
  readonly failed: boolean;
  /** A newer answer is on its way: a form waits for it rather than start from an old one. */
  readonly updating: boolean;
  /** Reads again (a retry, or after a change the answer does not show yet). */
  retry(): void;
}

/**
 * What `read` answers, cached under `key` (the operation's path and its parameters): a screen shown
 * again or a drawer opened twice shows the answer at once, and a newer answer replaces it. Nothing
 * is read while `read` is null. Failures were told by call() (a toast); they only mark `failed` here.
 */
export function useRead<T>(key: QueryKey, read: (() => Promise<T>) | null): Read<T> {
  const query = useQuery({ queryKey: key, queryFn: read ?? skipToken });
  return {
    data: query.data,
    failed: query.isError && query.data === undefined && !query.isFetching,
    updating: query.isFetching,
    retry: () => void query.refetch(),
  };
}
