import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { holdsObjectUrl, type ObjectUrlAnswer } from '../../../api/object-urls';
import { alertApi } from './alert-api';

/**
 * How long a snapshot nobody shows keeps its object URL. Scrolling back within it shows the picture
 * at once; a wall of thousands scrolled past would otherwise hold every image it fetched.
 */
export const snapshotKeptMs = 60_000;

const snapshotKey = (id: number | null) => ['/files/alert-snapshots/{id}', id] as const;

async function readSnapshot(id: number): Promise<ObjectUrlAnswer> {
  return { url: URL.createObjectURL(await alertApi.snapshot(id)) };
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
 * send), through the console's read cache (a snapshot never changes, so it is never read again
 * while kept); with `delayMs`, fetched only once the caller stayed that long ('waiting' until then)
 * unless it was fetched before.
 */
export function useSnapshot(id: number | null, delayMs = 0): SnapshotState {
  const client = useQueryClient();
  const [stayed, setStayed] = useState<number | null>(null);
  const asked = id !== null && client.getQueryState(snapshotKey(id)) !== undefined;
  const due = id !== null && (delayMs === 0 || asked || stayed === id);
  useEffect(() => {
    if (id === null || due) return;
    const timer = setTimeout(() => setStayed(id), delayMs);
    return () => clearTimeout(timer);
  }, [id, due, delayMs]);
  // A card still waiting asks nothing of the cache: in a burst, thousands pass without a trace.
  const snapshot = useQuery({
    queryKey: snapshotKey(due ? id : null),
    queryFn: due ? () => readSnapshot(id) : skipToken,
    staleTime: Infinity,
    gcTime: snapshotKeptMs,
    meta: holdsObjectUrl,
  });
  if (id === null) return 'none';
  if (snapshot.data) return { url: snapshot.data.url };
  if (!due) return 'waiting';
  return snapshot.isError ? 'failed' : 'loading';
}
