import { skipToken, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { consoleEvents, type ConsoleEvents } from '../../api';
import type { ConsoleEventName } from '../../generated/console-events';
import { useScreenShown } from '../../session/screen-visibility';

/** A read is made again at least this often, as the header bell's counts are. */
export const pollEveryMs = 30_000;

/**
 * What `read` answers, cached under `key`, read again when one of `events` comes (a device going
 * offline or back) and every `pollEveryMs`, and each time the event stream opens; undefined until the
 * first answer. A screen shown again shows the cached answer at once and reads again. A read failing
 * keeps the last answer. Events in a burst while a read is on its way cause one more read, not one each.
 */
export function useLiveRead<T>(
  key: QueryKey,
  read: (() => Promise<T>) | null,
  events: readonly ConsoleEventName[],
  hub: ConsoleEvents = consoleEvents,
): T | undefined {
  const client = useQueryClient();
  // A screen kept alive behind another reads nothing; shown again, it reads at once.
  const shown = useScreenShown();
  const live = read !== null && shown;
  const query = useQuery({
    queryKey: key,
    queryFn: live ? read : skipToken,
    // Live: every screen showing it reads what is there now, whatever the cache holds.
    staleTime: 0,
    refetchInterval: pollEveryMs,
    refetchIntervalInBackground: true,
  });

  // An event heard while a read is on its way may have come after the server answered it.
  const again = useRef(false);
  const { isFetching, refetch } = query;
  useEffect(() => {
    if (!live || isFetching || !again.current) return;
    again.current = false;
    void refetch();
  }, [live, isFetching, refetch]);

  const hash = JSON.stringify(key);
  useEffect(() => {
    if (!live) return;
    const queryKey = JSON.parse(hash) as QueryKey;
    const readNow = () => {
      if (client.isFetching({ queryKey, exact: true }) > 0) again.current = true;
      else void client.refetchQueries({ queryKey, exact: true });
    };
    const stops = events.map((event) => hub.on(event, readNow));
    // Changes made before the stream opened (first, or again after a break) came as no event:
    // read what they left, as the header bell does.
    let status: string | null = null;
    stops.push(
      hub.onStatus((next) => {
        if (next === 'open' && status !== null && status !== 'open') readNow();
        status = next;
      }),
    );
    const release = events.length > 0 ? hub.retain() : () => undefined;
    return () => {
      stops.forEach((stop) => stop());
      release();
    };
  }, [client, hash, live, events, hub]);
  return query.data;
}
