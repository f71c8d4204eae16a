import { useEffect, useState } from 'react';
import { alertApi } from './alert-api';

/**
 * Object URLs of snapshots already fetched, newest use last. Scrolling back shows them at once; past
 * the limit the least recently used are released (a wall of thousands would otherwise hold them all).
 */
const cache = new Map<number, Promise<string>>();
const cacheLimit = 300;

function snapshotUrl(id: number): Promise<string> {
  const found = cache.get(id);
  if (found) {
    cache.delete(id);
    cache.set(id, found);
    return found;
  }
  const loading = alertApi.snapshot(id).then((blob) => URL.createObjectURL(blob));
  // A failed fetch is not kept: the card may try again when shown again.
  loading.catch(() => cache.delete(id));
  cache.set(id, loading);
  while (cache.size > cacheLimit) {
    const [oldestId, oldest] = cache.entries().next().value as [number, Promise<string>];
    cache.delete(oldestId);
    void oldest.then(
      (url) => URL.revokeObjectURL(url),
      () => undefined,
    );
  }
  return loading;
}

export type SnapshotState = { url: string } | 'loading' | 'failed' | 'none';

/** The snapshot's image as an object URL (it needs the session header, which an `<img src>` cannot send). */
export function useSnapshot(id: number | null): SnapshotState {
  const [state, setState] = useState<{ id: number | null; value: SnapshotState }>({ id, value: 'loading' });
  useEffect(() => {
    if (id === null) return;
    let current = true;
    snapshotUrl(id).then(
      (url) => current && setState({ id, value: { url } }),
      () => current && setState({ id, value: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [id]);
  if (id === null) return 'none';
  return state.id === id ? state.value : 'loading';
}
