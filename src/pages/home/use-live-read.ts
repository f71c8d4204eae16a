import { useEffect, useState } from 'react';
import { consoleEvents, type ConsoleEvents } from '../../api';
import type { ConsoleEventName } from '../../generated/console-events';
import { useScreenShown } from '../../session/screen-visibility';

/** A read is made again at least this often, as the header bell's counts are. */
export const pollEveryMs = 30_000;

/**
 * What `read` answers, read again when one of `events` comes (a device going offline or back) and
 * every `pollEveryMs`, and each time the event stream opens; undefined until the first answer. A read failing keeps the last answer.
 * Events in a burst while a read is on its way cause one more read, not one each.
 */
export function useLiveRead<T>(
  read: (() => Promise<T>) | null,
  events: readonly ConsoleEventName[],
  hub: ConsoleEvents = consoleEvents,
): T | undefined {
  const [value, setValue] = useState<T>();
  const shown = useScreenShown();
  useEffect(() => {
    // A screen kept alive behind another reads nothing; shown again, it reads at once.
    if (read === null || !shown) return;
    let ended = false;
    let reading = false;
    let again = false;
    const readNow = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        const answer = await read();
        if (!ended) setValue(answer);
      } catch {
        // The next event or poll tries again.
      } finally {
        reading = false;
      }
      if (again && !ended) {
        again = false;
        void readNow();
      }
    };
    void readNow();
    const stops = events.map((event) => hub.on(event, () => void readNow()));
    // Changes made before the stream opened (first, or again after a break) came as no event:
    // read what they left, as the header bell does.
    let status: string | null = null;
    stops.push(
      hub.onStatus((next) => {
        if (next === 'open' && status !== null && status !== 'open') void readNow();
        status = next;
      }),
    );
    const release = events.length > 0 ? hub.retain() : () => undefined;
    const timer = setInterval(() => void readNow(), pollEveryMs);
    return () => {
      ended = true;
      clearInterval(timer);
      stops.forEach((stop) => stop());
      release();
    };
  }, [read, events, hub, shown]);
  return value;
}
