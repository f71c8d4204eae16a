import type { QueryCache } from '@tanstack/react-query';

/** A read's answer holding an object URL of fetched bytes (an image an `<img src>` could not ask for). */
export interface ObjectUrlAnswer {
  readonly url: string;
}

/** The `meta` of a read whose answer is an ObjectUrlAnswer: the cache releases its URL. */
export const holdsObjectUrl = { objectUrl: true } as const;

const urlOf = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string'
    ? data.url
    : null;

/**
 * Releases the object URL of an answer the cache drops (nobody showed it for its keep time, or
 * sign-out cleared the cache) or replaces with a newer one, so the bytes it holds go with it. Only
 * an unshown answer is dropped, so no image on screen loses its picture. Answers the unsubscribe.
 */
export function releaseObjectUrls(cache: QueryCache): () => void {
  const held = new Map<string, string>();
  const release = (hash: string) => {
    const url = held.get(hash);
    if (url === undefined) return;
    held.delete(hash);
    URL.revokeObjectURL(url);
  };
  return cache.subscribe((event) => {
    const { query } = event;
    if (query.meta?.objectUrl !== true) return;
    if (event.type === 'removed') release(query.queryHash);
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const url = urlOf(query.state.data);
    if (url === null || held.get(query.queryHash) === url) return;
    release(query.queryHash);
    held.set(query.queryHash, url);
  });
}
