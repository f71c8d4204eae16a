import { useEffect, useState } from 'react';
import { alertApi } from './alert-api';

interface CachedSnapshot {
  readonly loading: Promise<string>;
  /** Set once loaded: a card showing it again renders the image at once, with no loading state. */
  url?: string;
}

/**
 * Object URLs of snapshots already fetched, newest use last. Scrolling back shows them at once; past
 * the limit the least recently used are released (a wall of thousands would otherwise hold them all).
 */
const cache = new Map<number, CachedSnapshot>();
const cacheLimit = 300;

function cachedSnapshot(id: number): CachedSnapshot {
  const found = cache.get(id);
  if (found) {
    cache.delete(id);
    cache.set(id, found);
    return found;
  }
  const entry: CachedSnapshot = {
    loading: alertApi.snapshot(id).then((blob) => (entry.url = URL.createObjectURL(blob))),
  };
  // A failed fetch is not kept: the card may try again when shown again.
  entry.loading.catch(() => cache.delete(id));
  cache.set(id, entry);
  while (cache.size > cacheLimit) {
    const [oldestId, oldest] = cache.entries().next().value as [number, CachedSnapshot];
    cache.delete(oldestId);
    void oldest.loading.then(
      (url) => URL.revokeObjectURL(url),
      () => undefined,
    );
  }
  return entry;
}

export type SnapshotState = { url: string } | 'loading' | 'failed' | 'none';

/** The snapshot's image as an object URL (it needs the session header, which an `<img src>` cannot send). */
export function useSnapshot(id: number | null): SnapshotState {
  const [fetched, setFetched] = useState<{ id: number; value: SnapshotState } | null>(null);
  useEffect(() => {
    if (id === null) return;
    const entry = cachedSnapshot(id);
    if (entry.url !== undefined) return;
    let current = true;
    entry.loading.then(
      (url) => current && setFetched({ id, value: { url } }),
      () => current && setFetched({ id, value: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [id]);
  if (id === null) return 'none';
  const known = cache.get(id)?.url;
  if (known !== undefined) return { url: known };
  return fetched?.id === id ? fetched.value : 'loading';
}
