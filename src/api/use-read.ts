import { skipToken, useQuery, type Query, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

/** One read through the console's cache (query-client.ts), as a screen shows it. */
export interface Read<T> {
  /** The answer, kept while a newer one loads; undefined until the first. */
  readonly data: T | undefined;
  /** The read failed and there is no answer to show: the screen offers `retry`. */
  readonly failed: boolean;
  /** Why the last read failed (a BusinessError says the server's reason); null after an answer. */
  readonly error: unknown;
  /** A newer answer is on its way: a form waits for it rather than start from an old one. */
  readonly updating: boolean;
  /** Reads again (a retry, or after a change the answer does not show yet). The same function each render. */
  retry(): void;
}

export interface ReadOptions<T> {
  /** How long after `answer` to read again while the read is shown; false: not until asked. */
  readonly readAgainAfter?: (answer: T) => number | false;
}

/**
 * What `read` answers, cached under `key` (the operation's path and its parameters): a screen shown
 * again or a drawer opened twice shows the answer at once, and a newer answer replaces it. Nothing
 * is read while `read` is null. Failures were told by call() (a toast); they only mark `failed` here.
 */
export function useRead<T>(
  key: QueryKey,
  read: (() => Promise<T>) | null,
  options: ReadOptions<T> = {},
): Read<T> {
  const { readAgainAfter } = options;
  const query = useQuery<T>({
    queryKey: key,
    queryFn: read ?? skipToken,
    refetchInterval:
      readAgainAfter &&
      ((cached: Query<T>) => (cached.state.data === undefined ? false : readAgainAfter(cached.state.data))),
  });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    data: query.data,
    failed: query.isError && query.data === undefined && !query.isFetching,
    error: query.error,
    updating: query.isFetching,
    retry,
  };
}
