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

export type SnapshotState = { url: string } | 'waiting' | 'loading' | 'failed' | 'none';

/**
 * How long a card on the wall stays before it fetches its snapshot. In a burst the wall's cards in
 * view are replaced at every flush (live-alert-store's flushEveryMs): fetching, decoding and
 * releasing each one's image would take the browser's CPU from showing the alerts themselves, for
 * pictures nobody had time to see. A card that stays loads its picture this much later.
 */
export const wallSnapshotDelayMs = 300;

/**
 * The snapshot's image as an object URL (it needs the session header, which an `<img src>` cannot
 * send); with `delayMs`, fetched only once the caller stayed that long ('waiting' until then) unless
 * it was fetched before.
 */
export function useSnapshot(id: number | null, delayMs = 0): SnapshotState {
  const [fetched, setFetched] = useState<{ id: number; value: SnapshotState } | null>(null);
  useEffect(() => {
    if (id === null || cache.get(id)?.url !== undefined) return;
    let current = true;
    const load = () => {
      const entry = cachedSnapshot(id);
      entry.loading.then(
        (url) => current && setFetched({ id, value: { url } }),
        () => current && setFetched({ id, value: 'failed' }),
      );
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (delayMs === 0 || cache.has(id)) load();
    else
      timer = setTimeout(() => {
        setFetched({ id, value: 'loading' });
        load();
      }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id, delayMs]);
  if (id === null) return 'none';
  const known = cache.get(id)?.url;
  if (known !== undefined) return { url: known };
  if (fetched?.id === id) return fetched.value;
  return delayMs > 0 && !cache.has(id) ? 'waiting' : 'loading';
}
